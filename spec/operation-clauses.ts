// The clause of spec/clauses.yaml that states what each v4 operation answers: the clause a failure of that
// operation breaks when the check meets it as a step it stands on (a prerequisite) or when the operation's
// answer differs from its read-back (harness/check/attribution.ts). One entry per operation of
// spec/v4.openapi.yaml (the event callbacks aside); operation-clauses.test.ts holds the two files in step.
export const operationClauses: Readonly<Record<string, string>> = {
  getMe: 'me.get.data-object',
  getMyPriority: 'me.priority.null-means-implicit-pool',
  listMyNumbers: 'me.numbers.list',
  getContactCard: 'me.contact-card.put.fields',
  updateContactCard: 'me.contact-card.put.fields',
  uploadContactCardAvatar: 'me.contact-card.avatar.multipart',
  requestCallForwarding: 'me.call-forwarding.opens-support-request',
  listLocationContacts: 'location.contacts.list',
  refreshLocationContacts: 'location.refresh.post-same-as-get',
  refreshLocationContactsPost: 'location.refresh.post-same-as-get',
  getLocationContact: 'location.contact.unknown-handle-404',
  listChannels: 'channels.list.page-of-channels',
  listAvailableNativeNumbers: 'channels.available.browse-or-quote',
  purchaseNativeNumbers: 'purchases.create.accepted-202',
  getNativeNumberPurchase: 'purchases.get.shape',
  getChannel: 'channels.get.item',
  removeChannel: 'channels.delete.result-and-event',
  getChannelCapabilities: 'channels.capabilities.shape',
  getChannelSettings: 'channels.settings.native-keys',
  updateChannelSettings: 'channels.settings.patch-returns-updated',
  updateChannelProfile: 'channels.profile.returns-channel-with-profile',
  sendChannelMessage: 'channels.send.status-codes',
  listPriorities: 'priorities.list.owned-by-key',
  createPriority: 'priorities.create.201',
  getPriority: 'priorities.get.item',
  updatePriority: 'priorities.patch.replaces-channels',
  deletePriority: 'priorities.delete.result',
  listContacts: 'contacts.list.cursor-default',
  createContact: 'contacts.create.201',
  getContact: 'contacts.get.item',
  updateContact: 'contacts.patch.name-required',
  deleteContact: 'contacts.delete.result',
  mergeContact: 'contacts.merge.returns-survivor',
  listContactIdentities: 'identities.list.page',
  addContactIdentity: 'identities.create.201',
  updateContactIdentity: 'identities.patch.rename-in-place',
  sendMessage: 'messages.send.request',
  sendChatMessage: 'chats.send.stays-in-thread',
  startTyping: 'chats.typing.starts-indicator',
  createWebhook: 'webhooks.v4.create-secret-once',
  getWebhook: 'webhooks.v4.get-v2-record',
  listWebhookDeliveries: 'webhooks.v4.deliveries-list',
  listWebhookLogs: 'webhooks.v4.logs-for-v2',
  listApiKeys: 'apikeys.list.keys',
  createApiKey: 'apikeys.create.data-with-full-key',
  getApiKey: 'apikeys.get.one',
  deprecateApiKey: 'apikeys.delete.deprecates',
  listApiKeyChannels: 'apikeys.channels.list-owned',
  assignApiKeyChannel: 'apikeys.assignment.result-shape',
  unassignApiKeyChannel: 'apikeys.unassign.delete',
};

/** The clause of `operationId`; throws for an operation the table does not know (a harness mistake). */
export function clauseOfOperation(operationId: string): string {
  const clause = operationClauses[operationId];
  if (clause === undefined) throw new Error(`no clause is known for the operation ${operationId} (spec/operation-clauses.ts)`);
  return clause;
}
