// The session's user is the domain's (src/domain/user.ts): the caller names its fields, so this
// layer knows only the `user_<field>` keys of SPEC.md §3 and imports nothing above it.
const PREFIX = 'user_';

/** Browser storage, when there is one (tests in Node have none and get the empty user). */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads each field's `user_<field>` key over `empty`; a missing or unreadable key keeps the empty value. */
export function loadUser<User extends object>(empty: User, fields: readonly (keyof User & string)[]): User {
  const storage = store();
  const user = { ...empty } as Record<string, unknown>;
  if (!storage) return user as User;
  for (const field of fields) {
    const raw = storage.getItem(PREFIX + field);
    if (raw === null) continue;
    try {
      user[field] = JSON.parse(raw);
    } catch {
      user[field] = raw;
    }
  }
  return user as User;
}

/** Writes each field under its own key (SPEC.md §3). */
export function saveUser<User extends object>(user: User, fields: readonly (keyof User & string)[]): void {
  const storage = store();
  if (!storage) return;
  for (const field of fields) storage.setItem(PREFIX + field, JSON.stringify(user[field]));
}

export const readToken = (): string => {
  const raw = store()?.getItem(PREFIX + 'token');
  if (!raw) return '';
  try {
    return String(JSON.parse(raw));
  } catch {
    return raw;
  }
};
