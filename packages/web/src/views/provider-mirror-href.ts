/** The provider mirror's page, linked from a site administrator's header. */
export const PROVIDER_MIRROR_PATH = '/app/admin/provider-mirror'
