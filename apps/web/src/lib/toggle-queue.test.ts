import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../test/social-fixtures';
import { createToggleQueue } from './toggle-queue';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toggle queue', () => {
  it('sends one request at a time and collapses taps made meanwhile into the last intent', async () => {
    const answers: Array<ReturnType<typeof deferred<string>>> = [];
    const send = vi.fn((on: boolean) => {
      const answer = deferred<string>();
      answers.push(answer);
      void on;
      return answer.promise;
    });
    const settled = vi.fn();
    const queue = createToggleQueue<string>({ initial: false, send, settled, failed: vi.fn() });

    queue.want(true);
    // While the like is on its way: unlike, like, unlike.
    queue.want(false);
    queue.want(true);
    queue.want(false);
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.busy).toBe(true);

    answers[0]!.resolve('liked');
    await flush();
    // The last intent (off) differs from what the server now holds (on): it goes next, alone.
    expect(send.mock.calls).toEqual([[true], [false]]);
    answers[1]!.resolve('unliked');
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(settled).toHaveBeenCalledWith('unliked', false);
    expect(queue.busy).toBe(false);
  });

  it('sends nothing more when the taps come back to what the server holds', async () => {
    const answer = deferred<string>();
    const send = vi.fn(() => answer.promise);
    const settled = vi.fn();
    const queue = createToggleQueue<string>({ initial: false, send, settled, failed: vi.fn() });
    queue.want(true);
    queue.want(false);
    queue.want(true);
    answer.resolve('liked');
    await flush();
    expect(send).toHaveBeenCalledTimes(1);
    expect(settled).toHaveBeenCalledWith('liked', true);
  });

  it('reports a failure and drops the intents still waiting', async () => {
    const answer = deferred<string>();
    const send = vi.fn(() => answer.promise);
    const failed = vi.fn();
    const settled = vi.fn();
    const queue = createToggleQueue<string>({ initial: true, send, settled, failed });
    queue.want(false);
    queue.want(true);
    queue.want(false);
    answer.reject(new Error('offline'));
    await flush();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(1);
    // A later tap starts again from what the server holds.
    queue.want(true);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
