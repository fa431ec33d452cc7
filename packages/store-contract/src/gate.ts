/** A promise and the function that settles it: a gate one transaction waits at and another opens. */
export function gate(): { passed: Promise<void>; open(): void } {
  let open: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}
