import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listensOn, tableListensOn } from './listen.js';

// Rows as the kernel prints them (net/ipv4/tcp_ipv4.c get_tcp4_sock); 0x3BC5 = 15301, 0A = LISTEN, 01 = ESTABLISHED.
const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:0277 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1001 1 0 100 0 0 10 0
   1: 00000000:3BC5 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 17486 1 0 100 0 0 10 0
   2: 0100007F:9C40 0100007F:3BC6 01 00000000:00000000 00:00000000 00000000     0        0 17500 1 0 20 4 30 10 -1`;

describe('tableListensOn', () => {
  it('finds a listening port and ignores connected sockets', () => {
    expect(tableListensOn(TABLE, 15301)).toBe(true);
    expect(tableListensOn(TABLE, 631)).toBe(true);
    // 15302 (0x3BC6) only appears as the remote end of an established socket.
    expect(tableListensOn(TABLE, 15302)).toBe(false);
    expect(tableListensOn(TABLE, 40000)).toBe(false);
    expect(tableListensOn('', 15301)).toBe(false);
  });
});

describe('listensOn', () => {
  it('sees a real listener in this process network namespace', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      expect(await listensOn(process.pid, port)).toBe(true);
    } finally {
      await new Promise((r) => server.close(r));
    }
    expect(await listensOn(process.pid, port)).toBe(false);
    expect(await listensOn(2 ** 22 + 1, port)).toBe(false);
  });
});

describe('freePort', () => {
  it('returns a loopback port that can be listened on right away', async () => {
    const { freePort } = await import('./ports.js');
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((r, j) => server.once('error', j).listen(port, '127.0.0.1', r));
    expect(await listensOn(process.pid, port)).toBe(true);
    await new Promise((r) => server.close(r));
  });
});
