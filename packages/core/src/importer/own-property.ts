/**
 * Sets an own property even when the key is `__proto__` — a valid field key, which a plain
 * assignment would turn into a prototype change instead of a property.
 * @internal
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}
