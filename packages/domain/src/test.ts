// `@pips/domain/test`: test doubles for use-case tests, in this package and beside it. Not part of
// the domain's surface; production code never imports it (the conventions test checks).
export { createFakeStore, type FakeStore, type LockedRead, type WriteCall, type WriteKind, type WriteMatch } from './fake/fake-store';
export { fakeContext, type FakeContext, type FakeContextOptions } from './fake/fake-context';
