import { createTestGithubApp, startGithubApiServer } from '@cairn/test-fixtures'
import { githubAppContract } from '@cairn/testing/contracts'
import { GithubAppClient } from './github-app-client.ts'

// Made once: an RSA key pair takes a while to generate.
const app = createTestGithubApp()
const impostor = createTestGithubApp(app.appId)

githubAppContract('GitHub REST API, against a stand-in that verifies the app JWT', async (installations) => {
  const api = await startGithubApiServer({ app, installations })
  const client = (privateKey: string) =>
    new GithubAppClient({ appId: app.appId, privateKey, apiUrl: api.url, webUrl: 'https://github.test/', timeoutMs: 5_000 })
  let down = false
  return {
    app: client(app.privateKey),
    refusedApp: client(impostor.privateKey),
    accepts: (token) => api.accepts(token),
    async goDown() {
      down = true
      await api.close()
    },
    async dispose() {
      if (!down) await api.close()
    },
  }
})
