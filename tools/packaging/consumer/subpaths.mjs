// Every subpath export, imported by name from the installed packages. Prints the type of what
// each one gives; the pack test judges it. (`@pips/store-mikro-orm/test` needs vitest: it is
// imported by store.test.mjs.)
const entries = {
  '@pips/domain/storage': ['schema', 'columns', 'sequenceNames'],
  '@pips/domain/memory': ['createMemoryStore'],
  '@pips/domain/test': ['createFakeStore', 'fakeContext'],
  '@pips/xml/forms': ['form', 'compileElement'],
};
const seen = {};
for (const [specifier, names] of Object.entries(entries)) {
  const module = await import(specifier);
  seen[specifier] = Object.fromEntries(names.map((name) => [name, typeof module[name]]));
}
console.log(JSON.stringify(seen));
