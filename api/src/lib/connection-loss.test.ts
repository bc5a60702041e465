import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { describeConnectionError, isConnectionLoss } from './connection-loss.js';
import { HttpError } from './errors.js';
import { closeTestPorts, testPort } from './test-ports.js';

const pgError = (code: string, message = 'from the server') =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });

afterEach(async () => {
  await closeTestPorts();
});

describe('isConnectionLoss', () => {
  it.each([
    ['08006', 'connection_failure'],
    ['08003', 'connection_does_not_exist'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'sorry, too many clients already'],
  ])('a PostgreSQL error %s (%s) is one', (code, message) => {
    expect(isConnectionLoss(pgError(code, message))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['40P01', 'deadlock detected'],
    ['42601', 'syntax error'],
    ['57014', 'canceling statement due to statement timeout'],
  ])('a PostgreSQL error %s (%s) is not', (code, message) => {
    expect(isConnectionLoss(pgError(code, message))).toBe(false);
  });

  it('node-postgres losing its connection, in its own words, is one', () => {
    expect(isConnectionLoss(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isConnectionLoss(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
  });

  it('a refused connection (a real one) is one, from a socket and from node-postgres', async () => {
    const closed = await testPort(false);
    const client = new pg.Client({ host: '127.0.0.1', port: closed, user: 'nobody' });
    const refused = await client.connect().then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isConnectionLoss(refused)).toBe(true);
  });

  it('a pool that finds no connection in time (a real one, on a server that never answers) is one', async () => {
    const silent = await testPort(true);
    const pool = new pg.Pool({
      host: '127.0.0.1',
      port: silent,
      user: 'nobody',
      connectionTimeoutMillis: 100,
    });
    const timedOut = await pool.query('SELECT 1').then(
      () => null,
      (err: unknown) => err,
    );
    await pool.end();
    expect(String(timedOut)).toMatch(/timeout/);
    expect(isConnectionLoss(timedOut)).toBe(true);
  });

  it('socket errors are found inside a cause or an AggregateError', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const pipe = Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
    expect(isConnectionLoss(new Error('query failed', { cause: reset }))).toBe(true);
    expect(isConnectionLoss(new AggregateError([new Error('other'), pipe]))).toBe(true);
  });

  it('ordinary failures are not', () => {
    expect(isConnectionLoss(new HttpError(409, 'This code has already been redeemed.'))).toBe(false);
    expect(isConnectionLoss(new Error('boom'))).toBe(false);
    expect(isConnectionLoss(Object.assign(new Error('x'), { code: 'FST_ERR_VALIDATION' }))).toBe(false);
    expect(isConnectionLoss(null)).toBe(false);
    expect(isConnectionLoss('Connection terminated unexpectedly')).toBe(false);
  });
});

describe('describeConnectionError', () => {
  it('keeps the message and code only, never what the error carries', () => {
    const err = Object.assign(new Error('Connection terminated unexpectedly'), {
      code: 'ECONNRESET',
      client: { connectionParameters: { password: 'secret' } },
    });
    expect(describeConnectionError(err)).toEqual({
      message: 'Connection terminated unexpectedly',
      code: 'ECONNRESET',
    });
  });
});
