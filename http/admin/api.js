// Talking to the service from the operator page: the admin:read key from sessionStorage as a Bearer header.
const storageKey = 'crewd-admin-key';

export function savedKey() {
  return sessionStorage.getItem(storageKey) ?? '';
}

export function saveKey(key) {
  if (key) sessionStorage.setItem(storageKey, key);
  else sessionStorage.removeItem(storageKey);
}

/** GET a JSON route; resolves {status, body}; never throws for an HTTP error (the page shows it). */
export async function getJson(path, key) {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${key}` } });
  let body = null;
  try {
    body = await response.json();
  } catch {
    // a body that is not JSON: keep null
  }
  return { status: response.status, body };
}
