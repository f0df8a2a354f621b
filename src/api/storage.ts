import { emptyUser, USER_FIELDS, type SessionUser } from '../domain/user';

const PREFIX = 'user_';

/** Browser storage, when there is one (tests in Node have none and get the empty user). */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads every `user_<field>` key; a missing or unreadable key keeps the empty value. */
export function loadUser(): SessionUser {
  const storage = store();
  const user = { ...emptyUser } as Record<string, unknown>;
  if (!storage) return user as unknown as SessionUser;
  for (const field of USER_FIELDS) {
    const raw = storage.getItem(PREFIX + field);
    if (raw === null) continue;
    try {
      user[field] = JSON.parse(raw);
    } catch {
      user[field] = raw;
    }
  }
  return user as unknown as SessionUser;
}

/** Writes every user field under its own key (SPEC.md §3). */
export function saveUser(user: SessionUser): void {
  const storage = store();
  if (!storage) return;
  for (const field of USER_FIELDS) storage.setItem(PREFIX + field, JSON.stringify(user[field]));
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
