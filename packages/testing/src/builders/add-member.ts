import { OPERATOR, type InviteCommand, type MembershipDetails, type Principal, type UseCases } from '@cairn/core'

/**
 * Invites an address and accepts as its user: a member at once, for the tests of other features.
 * The user must exist (a placeholder cannot accept).
 */
export async function addMember(cases: UseCases, command: InviteCommand, inviter: Principal): Promise<MembershipDetails> {
  const { membership } = await cases.memberships.invite(command, inviter)
  const { bearer } = await cases.userTokens.create.execute({ user: { id: membership.userId } }, OPERATOR)
  return cases.memberships.accept({ id: membership.id }, await cases.authenticateToken.execute(bearer))
}
