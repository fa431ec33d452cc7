import { npm } from './npm';
import type { PackedPackage } from './tarball-rules';
import { root, type Workspace } from './workspace-manifests';

/** `npm pack` of each workspace into `destination`: one call, so the packages are packed as a release packs them. */
export async function packWorkspaces(published: readonly Workspace[], destination: string): Promise<PackedPackage[]> {
  const selection = published.flatMap((w) => ['--workspace', w.manifest.name]);
  const { stdout } = await npm(['pack', '--json', '--pack-destination', destination, ...selection], { cwd: root });
  return JSON.parse(stdout) as PackedPackage[];
}
