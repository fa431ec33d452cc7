/**
 * The name `BOOTSTRAP_TOKEN`'s token is stored under. Each start makes that token read-write with
 * every permission again, so `token update` refuses it rather than make a change that would not last.
 */
export const BOOTSTRAP_TOKEN_NAME = 'bootstrap';
