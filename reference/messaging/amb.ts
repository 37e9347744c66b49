// The business-chat channel's one business-first message (description section 1, behaviour 3): "an approved
// invitation to an opted-in customer". How a customer opts in, how an invitation is approved and how a send
// names one are not shown. Here the control API stands in for both outside parties (the customer opts in on a
// line; the platform approves an invitation's text), and a send names an approved invitation with
// `invitation_id` instead of content: the message carries the invitation's text.
import { httpError } from '../server/errors.js';
import { newId } from '../store/ids.js';
import type { ChannelRecord, Org } from '../store/types.js';
import type { SendBody } from './body.js';
import { messagingState, optInKey, type InvitationRecord } from './state.js';

/** The customer opted in to invitations from this business-chat line (control API). */
export function optIn(org: Org, channel: ChannelRecord, customer: string): { channel_id: string; customer_id: string; opted_in: true } {
  if (channel.type !== 'amb') throw httpError(400, 'bad_request', `${channel.id} is not a business-chat (amb) line`);
  messagingState(org).ambOptIns.add(optInKey(channel.id, customer));
  return { channel_id: channel.id, customer_id: customer, opted_in: true };
}

/** The platform approved an invitation with this text (control API). */
export function approveInvitation(org: Org, text: string): { invitation_id: string; text: string; status: 'approved' } {
  const invitation: InvitationRecord = { id: newId('inv'), text, createdAt: org.now() };
  messagingState(org).invitations.set(invitation.id, invitation);
  return { invitation_id: invitation.id, text, status: 'approved' };
}

/** The send with the approved invitation's text, or the body unchanged when it names no invitation (422 for an unknown one). */
export function withInvitationText(org: Org, body: SendBody): SendBody {
  if (body.invitationId === null) return body;
  const invitation = messagingState(org).invitations.get(body.invitationId);
  if (!invitation) {
    throw httpError(422, 'validation_error', 'invitation_id names no approved invitation', { field: 'invitation_id', invitation_id: body.invitationId });
  }
  return { ...body, text: invitation.text };
}
