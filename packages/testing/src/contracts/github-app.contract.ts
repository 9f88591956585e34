import type { GithubApp } from '@cairn/core'
import { afterEach, describe, expect, it } from 'vitest'

/** An installation of the app, as GitHub holds it: its id and the organization's login. */
export interface InstalledOn {
  readonly id: number
  readonly login: string
}

/** The site's GitHub App and the GitHub it lives on, fresh for each test. */
export interface GithubAppUnderTest {
  readonly app: GithubApp
  /** The same app on the same GitHub, but with credentials GitHub refuses (a wrong private key). */
  readonly refusedApp: GithubApp
  /** Whether git over HTTP takes `token` as an installation's credential now. */
  readonly accepts: (token: string) => boolean
  /** Makes the GitHub API unreachable from then on. */
  readonly goDown: () => Promise<void>
  dispose(): Promise<void>
}

export type GithubAppHarness = (installations: readonly InstalledOn[]) => Promise<GithubAppUnderTest>

const ACME: InstalledOn = { id: 7, login: 'acme' }
const GLOBEX: InstalledOn = { id: 31_337, login: 'globex' }

/**
 * What every `GithubApp` promises the VCS use cases (`githubAppRemote`, `GithubAppInstallations`):
 * its installations, an installation token git accepts, `not_found` for an installation it does
 * not have, `invalid` when GitHub refuses the app's credentials and `unavailable` when the GitHub
 * API cannot be reached. Answers may be cached, so each failure is asked of an app that asked nothing before.
 */
export function githubAppContract(name: string, open: GithubAppHarness): void {
  describe(`GithubApp contract: ${name}`, () => {
    let github: GithubAppUnderTest | undefined
    const opened = async (installations: readonly InstalledOn[] = [ACME, GLOBEX]) => (github = await open(installations))
    afterEach(async () => {
      await github?.dispose()
      github = undefined
    })

    it('names the web address of its GitHub, without a trailing slash', async () => {
      const { app } = await opened()
      expect(new URL(app.webUrl).protocol).toMatch(/^https?:$/)
      expect(app.webUrl).not.toMatch(/\/$/)
    })

    it('lists its installations, with each account as GitHub names it', async () => {
      const { app } = await opened()
      const installations = await app.installations()
      expect([...installations].sort((a, b) => a.id - b.id)).toEqual(
        [ACME, GLOBEX].map(({ id, login }) => ({
          id,
          accountLogin: login,
          accountType: 'Organization',
          htmlUrl: expect.stringMatching(new RegExp(`/installations/${id}$`)) as unknown,
          avatarUrl: expect.stringMatching(/^https?:\/\//) as unknown,
        })),
      )
    })

    it('lists no installation when the app is installed nowhere', async () => {
      const { app } = await opened([])
      await expect(app.installations()).resolves.toEqual([])
    })

    it('answers a token git takes for an installation, asked once or again', async () => {
      const { app, accepts } = await opened()
      const first = await app.installationToken(ACME.id)
      expect(accepts(first)).toBe(true)
      expect(accepts(await app.installationToken(ACME.id))).toBe(true)
      expect(accepts(await app.installationToken(GLOBEX.id))).toBe(true)
    })

    it('answers not_found for an installation the app does not have', async () => {
      const { app } = await opened()
      await expect(app.installationToken(404)).rejects.toMatchObject({ code: 'not_found' })
    })

    it('answers invalid when GitHub refuses the app’s credentials', async () => {
      const { refusedApp } = await opened()
      await expect(refusedApp.installations()).rejects.toMatchObject({ code: 'invalid' })
      await expect(refusedApp.installationToken(ACME.id)).rejects.toMatchObject({ code: 'invalid' })
    })

    it('answers unavailable when the GitHub API cannot be reached', async () => {
      const { app, goDown } = await opened()
      await goDown()
      await expect(app.installations()).rejects.toMatchObject({ code: 'unavailable' })
      await expect(app.installationToken(ACME.id)).rejects.toMatchObject({ code: 'unavailable' })
    })
  })
}
