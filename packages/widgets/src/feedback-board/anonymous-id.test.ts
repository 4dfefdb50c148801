import { expect } from '@open-wc/testing';
import { anonymousId } from './anonymous-id.js';

const KEY = 'inlay:anonymous-id';

describe('anonymousId', () => {
  afterEach(() => localStorage.removeItem(KEY));

  it('generates a random id once and keeps it in localStorage', () => {
    localStorage.removeItem(KEY);
    const id = anonymousId();
    expect(id).to.match(/^anon_[0-9a-f]{32}$/);
    expect(localStorage.getItem(KEY)).to.equal(id);
    expect(anonymousId()).to.equal(id);
  });

  it('reuses the id a previous visit stored', () => {
    localStorage.setItem(KEY, 'anon_from_last_week');
    expect(anonymousId()).to.equal('anon_from_last_week');
  });

  it('keeps one id for the page when storage throws (blocked or sandboxed)', () => {
    const { getItem, setItem } = Storage.prototype;
    Storage.prototype.getItem = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    Storage.prototype.setItem = Storage.prototype.getItem;
    try {
      const id = anonymousId();
      expect(id).to.match(/^anon_[0-9a-f]{32}$/);
      expect(anonymousId()).to.equal(id);
    } finally {
      Storage.prototype.getItem = getItem;
      Storage.prototype.setItem = setItem;
    }
  });
});
