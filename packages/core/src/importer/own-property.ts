/**
 * Sets an own property even when the key is `__proto__`, which a plain assignment would turn into
 * a prototype change instead of a property: new configs refuse it as a field key, but an importer
 * saved before that may still have one.
 * @internal
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
