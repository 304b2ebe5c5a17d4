import type { DeliveryAttempt, NewWebhookSubscription, WebhookChanges, WebhookStore, WebhookSubscription } from '../ports/webhook-store.js';

/** Attempts kept per subscription in memory: the deliveries list shows recent ones only. */
const ATTEMPTS_KEPT = 200;

interface Secret {
  readonly value: string;
  expiresAt: Date | null;
}

/** The sandbox's subscriptions: in this process's memory, lost at restart. */
export function memoryWebhookStore(now: () => Date = () => new Date()): WebhookStore {
  const subscriptions = new Map<string, WebhookSubscription>();
  const secrets = new Map<string, Secret[]>();
  const attempts = new Map<string, DeliveryAttempt[]>();
  const owned = (id: string, ownerKeyId?: string) => {
    const found = subscriptions.get(id);
    return found && (ownerKeyId === undefined || found.ownerKeyId === ownerKeyId) ? found : undefined;
  };

  return {
    durable: false,
    async create(subscription: NewWebhookSubscription, secret: string) {
      const created: WebhookSubscription = { ...subscription, status: 'active', createdAt: now() };
      subscriptions.set(created.id, created);
      secrets.set(created.id, [{ value: secret, expiresAt: null }]);
      return created;
    },
    async list(ownerKeyId) {
      return [...subscriptions.values()].filter((subscription) => subscription.ownerKeyId === ownerKeyId);
    },
    async get(id, ownerKeyId) {
      return owned(id, ownerKeyId);
    },
    async update(id, ownerKeyId, changes: WebhookChanges) {
      const found = owned(id, ownerKeyId);
      if (!found) return undefined;
      const updated = { ...found, ...changes };
      subscriptions.set(id, updated);
      return updated;
    },
    async remove(id, ownerKeyId) {
      if (!owned(id, ownerKeyId)) return false;
      subscriptions.delete(id);
      secrets.delete(id);
      attempts.delete(id);
      return true;
    },
    async rotateSecret(id, ownerKeyId, secret, previousUntil) {
      if (!owned(id, ownerKeyId)) return false;
      const kept = secrets.get(id) ?? [];
      for (const old of kept) if (old.expiresAt === null || old.expiresAt > previousUntil) old.expiresAt = previousUntil;
      secrets.set(id, [{ value: secret, expiresAt: null }, ...kept.filter((old) => old.expiresAt !== null && old.expiresAt > now())]);
      return true;
    },
    async signingSecrets(id, at) {
      return (secrets.get(id) ?? []).filter((secret) => secret.expiresAt === null || secret.expiresAt > at).map((secret) => secret.value);
    },
    async deliverable() {
      return [...subscriptions.values()].filter((subscription) => subscription.status !== 'disabled');
    },
    async recordAttempt(attempt) {
      if (!subscriptions.has(attempt.subscriptionId)) return;
      const kept = attempts.get(attempt.subscriptionId) ?? [];
      kept.unshift(attempt);
      if (kept.length > ATTEMPTS_KEPT) kept.length = ATTEMPTS_KEPT;
      attempts.set(attempt.subscriptionId, kept);
    },
    async attempts(subscriptionId, limit) {
      return (attempts.get(subscriptionId) ?? []).slice(0, limit);
    },
    async lastAttempt(subscriptionId, eventId) {
      return attempts.get(subscriptionId)?.find((attempt) => attempt.eventId === eventId);
    },
    async pruneAttempts(before) {
      let dropped = 0;
      for (const [id, kept] of attempts) {
        const recent = kept.filter((attempt) => attempt.attemptedAt >= before);
        dropped += kept.length - recent.length;
        attempts.set(id, recent);
      }
      return dropped;
    },
  };
}
