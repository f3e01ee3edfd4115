import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tabs.ts';

describe('the Check view’s tabs', () => {
  it('move with the arrow keys, round at either end, and to the first and last with Home and End', () => {
    expect(['ArrowRight', 'ArrowLeft', 'Home', 'End'].map((key) => tabAfterKey('server', key))).toEqual(['client', 'client', 'server', 'client']);
    expect(['ArrowRight', 'ArrowLeft', 'Home', 'End'].map((key) => tabAfterKey('client', key))).toEqual(['server', 'server', 'server', 'client']);
  });

  it('leave every other key alone', () => {
    expect(['Enter', ' ', 'ArrowDown', 'a'].map((key) => tabAfterKey('server', key))).toEqual([null, null, null, null]);
  });
});
