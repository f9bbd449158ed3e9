// Kept only for the webhook repositories until they import storage/sql/ directly.
export { parseJson } from '../sql/parseJson.js';
