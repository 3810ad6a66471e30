// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../../src/http/client';
import { NetworkError } from '../../../src/http/HttpError';
import { memoryStorage } from './memoryStorage';

// Nothing listens on port 1: every request fails as when the browser cancels it.
function clientWithEvents() {
  const events: string[] = [];
  const client = new HttpClient('http://127.0.0.1:1/api', memoryStorage());
  client.configure({ getToken: () => null, recover: async () => 'lost', onNetworkError: () => events.push('network'), onError: () => events.push('error'), translate: (k) => k });
  return { client, events };
}

describe('HttpClient while the page is being left', () => {
  it('takes a request the browser cut short on reload for a cancelled one, not a lost network that signs the user out', async () => {
    const { client, events } = clientWithEvents();
    window.dispatchEvent(new Event('pagehide'));
    try {
      await expect(client.post('/login/refresh', undefined, { auth: false, recover: false })).resolves.toBeUndefined();
      expect(events).toEqual([]);
    } finally {
      // The back-forward cache brings the page back: failures count again.
      window.dispatchEvent(new Event('pageshow'));
    }
    await expect(client.get('/anything')).rejects.toBeInstanceOf(NetworkError);
    expect(events).toEqual(['network']);
  });
});
