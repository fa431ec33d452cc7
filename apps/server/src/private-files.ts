/**
 * Whatever umask the process was started with (0000 included), what it creates is its user's
 * alone: files 0600, directories 0700. The embedded database makes its files with the process's
 * umask, which is the one thing that decides their mode, so the entry points set it first.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}
