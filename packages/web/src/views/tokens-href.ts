/** The token page, linked from every signed-in page's header. */
export const TOKENS_PATH = '/app/settings/tokens'
/** The query `terraform login` opens the token page with when it does not use login.v1 (TFE's fallback). */
export const TERRAFORM_LOGIN_QUERY = '?source=terraform-login'
