/** A user's membership of an organization. */
export interface OrganizationMembership {
  readonly id: string
  readonly organizationName: string
  readonly userId: string
  readonly createdAt: Date
}
