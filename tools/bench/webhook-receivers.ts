/**
 * `npm run bench:events`'s receivers, in a process of their own (as receivers are elsewhere in
 * production): `RECEIVERS` HTTPS receivers answering 204; every 50 ms the parent is sent what
 * arrived (path and arrival time). The first message gives their URLs and certificate.
 */
import { startWebhookReceiver } from '@hotelapi/api/testing';

const count = Number(process.env['RECEIVERS'] ?? 1);
const receivers = await Promise.all(Array.from({ length: count }, () => startWebhookReceiver()));
process.send?.({ urls: receivers.map((receiver) => receiver.url), ca: receivers[0]?.ca });
setInterval(() => {
  const arrived = receivers.flatMap((receiver) => receiver.received.splice(0).map((request) => [request.path, request.receivedAt] as const));
  if (arrived.length > 0) process.send?.({ arrived });
}, 50);
process.on('disconnect', () => process.exit(0));
