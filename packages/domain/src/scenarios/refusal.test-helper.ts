/** What `work` threw: a rules test reads a refusal's code and messages from it; not throwing fails the test. */
export function refusal(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}
