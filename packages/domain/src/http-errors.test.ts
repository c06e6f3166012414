import { describe, expect, it } from 'vitest';
import { describeFailedCall } from './http-errors.ts';

const online = { online: true, rawError: 'Error: socket hang up' };

describe('error catalogue (spec section 8)', () => {
  it('says offline first', () => {
    expect(describeFailedCall({ ...online, online: false, response: { status: 500 } })).toBe(
      'You appear to be offline. Please check your internet connection',
    );
  });

  it('shows the raw error when no response came', () => {
    expect(describeFailedCall(online)).toBe('Error: socket hang up');
  });

  it('names gateway failures whatever their body', () => {
    expect(describeFailedCall({ ...online, response: { status: 504, data: '<html>' } })).toBe(
      'The server took too long to respond. Request cancelled',
    );
    expect(describeFailedCall({ ...online, response: { status: 502, data: { message: 'x' } } })).toBe(
      'Server Error. The server appears to be offline',
    );
  });

  it("shows an object body's message, or 'Internal Server Error' without one", () => {
    expect(describeFailedCall({ ...online, response: { status: 403, data: { message: 'Access to the route is restricted' } } })).toBe(
      'Access to the route is restricted',
    );
    expect(describeFailedCall({ ...online, response: { status: 418, data: {} } })).toBe('Internal Server Error');
  });

  it('falls back on the status', () => {
    expect(describeFailedCall({ ...online, response: { status: 500, data: 'boom' } })).toBe('Internal server error');
    expect(describeFailedCall({ ...online, response: { status: 404, statusText: 'Not Found', data: '' } })).toBe('Not Found');
    expect(describeFailedCall({ ...online, response: { data: '' } })).toBe('Error with no status code occured');
  });
});
