/**
 * `compute` remembered per key, at most `max` keys: all are forgotten when it is full, which is
 * enough where the keys in use are few (secrets, endpoint URLs) and only a flood must not grow it.
 * A `compute` that throws remembers nothing.
 */
export function boundedMemo<K, V>(max: number, compute: (key: K) => V): (key: K) => V {
  const values = new Map<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      if (values.size >= max) values.clear();
      values.set(key, value);
    }
    return value;
  };
}
