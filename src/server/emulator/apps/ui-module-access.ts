// Who may open an installed app's UI module: the module's user category (set at install and afterwards, as
// the service's install page and Edit dialog set it) and the install's project choice. The docs list the
// categories (installation.mdx, "User Access Categories"; each module page's "Access") but not how the
// emulator's demo roles map onto them; the mapping is the emulator's choice, said in the README:
// - the project owner (role `owner`; on Enterprise an `owner` or `admin` is an organization admin) and the
//   user who installed the app pass every category ("The project owner will always have access");
// - `managers` adds roles `manager` and `developer`;
// - `all` adds every member of the project (every user of the emulator's data);
// - `guests` lets anyone in;
// - `restricted` adds the users picked.
import type { ModuleAccess, ModuleAccessCategory, UiModuleType } from '../../../wire/app-modules.ts';
import { ACCESS_LABELS, MODULE_ACCESS_CATEGORIES } from '../../../wire/app-modules.ts';
import type { DemoUser } from '../data/model.ts';
import { ControlError } from './errors.ts';
import type { Edition, Manifest } from './manifest.ts';
import { offeredCategories } from './ui-module-types.ts';

/** Roles of the emulator's data (DemoUser.role) that count as the owner / an admin. */
const OWNER_ROLES = new Set(['owner', 'admin']);
const MANAGER_ROLES = new Set(['manager', 'developer']);

/** The access a module starts with: `wanted` (the install's `access`), else the manifest's default, else `owner`. */
export function initialAccess(
  type: UiModuleType,
  edition: Edition,
  manifest: Manifest,
  wanted: ModuleAccessCategory | undefined,
): ModuleAccess {
  const offered = offeredCategories(type, edition);
  const fromManifest = manifest.default_permissions?.user as ModuleAccessCategory | undefined;
  const category = [wanted, fromManifest].find((c) => c !== undefined && offered.includes(c)) ?? 'owner';
  return { category, users: [] };
}

/** Whether `user` may open a module with this access, and in words why not. */
export function accessRefusal(args: {
  access: ModuleAccess;
  user: DemoUser;
  installer: DemoUser;
  /** The users of the project (or organization) the module opens in. */
  members: readonly DemoUser[];
  edition: Edition;
  moduleName: string;
}): string | null {
  const { access, user, installer, edition } = args;
  if (user.id === installer.id || OWNER_ROLES.has(user.role)) return null;
  const member = args.members.some((m) => m.id === user.id);
  const passes: Record<ModuleAccessCategory, boolean> = {
    owner: false,
    managers: member && MANAGER_ROLES.has(user.role),
    all: member,
    guests: true,
    restricted: access.users.some((u) => u.toLowerCase() === user.username.toLowerCase()),
  };
  if (passes[access.category]) return null;
  const label = ACCESS_LABELS[edition][access.category];
  const who =
    access.category === 'restricted'
      ? `${label}: ${access.users.length ? access.users.join(', ') : 'nobody picked'}`
      : label;
  return `You don't have access to "${args.moduleName}". Its access is "${who}", and ${user.username} (${user.role}) is not among them. Ask the app's installer or an admin to change the module's access (apps access, or Edit in the Apps view).`;
}

/** A request's category, checked: undefined stays undefined, anything else must be a category's name. */
export function readAccessCategory(value: unknown, field: string): ModuleAccessCategory | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (MODULE_ACCESS_CATEGORIES as readonly string[]).includes(value)) {
    return value as ModuleAccessCategory;
  }
  throw new ControlError(
    400,
    'invalidAccess',
    `${field} must be one of ${MODULE_ACCESS_CATEGORIES.join(', ')}, not ${JSON.stringify(value)}.`,
  );
}
