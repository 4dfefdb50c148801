/**
 * A FAKE SESSION, for this example only. Anyone can "sign in" as anyone with
 * `GET /login?user=alice`; the user name is kept in a plain cookie. Your app has real sessions:
 * replace `currentUser()` with however your backend knows who is signed in. The one thing that
 * matters for Inlay is that the identity comes from your backend, never from the page.
 *
 * @typedef {object} User
 * @property {string} id        your app's user id → the token's `authorId`
 * @property {string} name      shown as the author of feedback posts
 * @property {string} accountId your app's account (team) → the token's `workspaceKey`
 */

const COOKIE = 'fake_session_user';
const USER_NAME = /^[a-z0-9_-]{1,40}$/;

/**
 * The signed-in user of a request, or `undefined`.
 *
 * @param {import('node:http').IncomingMessage} request
 * @returns {User | undefined}
 */
export function currentUser(request) {
  const cookies = request.headers.cookie ?? '';
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && value !== undefined && USER_NAME.test(value)) return fakeUser(value);
  }
  return undefined;
}

/**
 * The fake user record for a name: every fake user belongs to one fake account.
 *
 * @param {string} name
 * @returns {User}
 */
export function fakeUser(name) {
  return { id: name, name: name.charAt(0).toUpperCase() + name.slice(1), accountId: 'acct_example' };
}

/**
 * `Set-Cookie` values that sign a user in, or out (`name` undefined); `undefined` for a name this
 * example does not accept.
 *
 * @param {string | undefined} name
 * @returns {string | undefined}
 */
export function sessionCookie(name) {
  if (name === undefined) return `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  if (!USER_NAME.test(name)) return undefined;
  return `${COOKIE}=${name}; Path=/; HttpOnly; SameSite=Lax`;
}
