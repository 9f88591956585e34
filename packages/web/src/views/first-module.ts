import { html } from 'hono/html'
import { copyableCode } from './copyable-code.ts'
import type { Html } from './layout.ts'

/** The placeholders a reader replaces before running the commands. */
export const PLACEHOLDERS = { token: '<your API token>', module: '~/path/to/your/module' } as const

/**
 * An organization's three ways to its first module, as commands to copy, with this server's
 * address and the organization's name in them: the API alone, the API and this page's upload
 * form, or a repository's tags.
 */
export function firstModule(organizationName: string, origin: string): Html {
  const org = organizationName
  const setup = [
    `TOKEN='${PLACEHOLDERS.token}'   # a user token: the one you signed in with will do`,
    `API=${origin}/api/v2`,
    `AUTH="Authorization: Bearer $TOKEN"  J='Content-Type: application/vnd.api+json'  CURL="curl -sS --fail-with-body"`,
  ]
  const create = [
    `$CURL -H "$AUTH" -H "$J" $API/organizations/${org}/registry-modules \\`,
    `  -d '{"data":{"type":"registry-modules","attributes":{"name":"vpc","provider":"aws"}}}'`,
  ]
  // Packed outside the module's directory: tar stops on an archive that grows among the files it reads.
  const pack = `tar -czf /tmp/vpc.tar.gz -C ${PLACEHOLDERS.module} .   # the module's .tf files at the archive's root`
  const api = [
    ...setup,
    ...create,
    `UPLOAD=$($CURL -H "$AUTH" -H "$J" $API/organizations/${org}/registry-modules/private/${org}/vpc/aws/versions \\`,
    `  -d '{"data":{"type":"registry-module-versions","attributes":{"version":"1.0.0"}}}' | sed -n 's/.*"upload":"\\([^"]*\\)".*/\\1/p')`,
    pack,
    `$CURL -X PUT --data-binary @/tmp/vpc.tar.gz "\${UPLOAD:?no upload link: see the error above}"`,
  ]
  const vcs = [
    ...setup,
    `GIT_TOKEN='<a token that reads the repository>'`,
    `OT=$($CURL -H "$AUTH" -H "$J" $API/organizations/${org}/oauth-clients -d '{"data":{"type":"oauth-clients","attributes":{`,
    `  "service-provider":"github","http-url":"https://github.com","api-url":"https://api.github.com","name":"GitHub",`,
    `  "oauth-token-string":"'"$GIT_TOKEN"'"}}}' | sed -n 's/.*"id":"\\(ot-[^"]*\\)".*/\\1/p')`,
    `$CURL -H "$AUTH" -H "$J" $API/organizations/${org}/registry-modules/vcs -d '{"data":{"type":"registry-modules","attributes":{`,
    `  "vcs-repo":{"identifier":"your-org/terraform-aws-vpc","oauth-token-id":"'"\${OT:?no connection: see the error above}"'"}}}}'`,
  ]
  return html`<section class="first-module" aria-labelledby="first-module-heading">
  <h2 id="first-module-heading">Publish a first module</h2>
  <p>This organization has no modules yet. Those who manage its modules publish one in one of three ways;
    <code>vpc</code> and <code>aws</code> stand for your module's name and provider.</p>
  <h3>1. With the API</h3>
  <p>Create the module and its version 1.0.0, then send the version's archive to the upload link the answer holds.</p>
  ${copyableCode('first-module-api', api.join('\n'), 'Copy the API commands')}
  <h3>2. Upload in this page</h3>
  <p>Create the module and pack its archive; then open the module from this list and upload <code>/tmp/vpc.tar.gz</code> with a version number in its Upload form.</p>
  ${copyableCode('first-module-upload', [...setup, ...create, pack].join('\n'), 'Copy the commands for the upload')}
  <h3>3. From a repository</h3>
  <p>Connect the git host once, then publish a repository named <code>terraform-&lt;provider&gt;-&lt;name&gt;</code>: each of its version tags (<code>v1.0.0</code>) becomes a version.</p>
  ${copyableCode('first-module-vcs', vcs.join('\n'), 'Copy the repository commands')}
</section>`
}
