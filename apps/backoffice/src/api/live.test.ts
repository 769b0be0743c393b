import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refetchForEvent } from './live';

describe('a queue event', () => {
  it('asks the queue again after a first answer that was on its way when the event came', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const pending: Array<(rows: string[]) => void> = [];
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['deposits', 'pending'],
      queryFn: () => {
        reads++;
        return new Promise<string[]>((resolve) => pending.push(resolve));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

    // The list was read before a deposit arrived; the deposit's event comes before that answer.
    const done = refetchForEvent(client, ['deposits']);
    pending.shift()!([]);
    await settle();
    expect(reads).toBe(2);
    pending.shift()!(['D1']);
    await done;
    expect(client.getQueryData(['deposits', 'pending'])).toEqual(['D1']);
    unsubscribe();
    client.clear();
  });
});
