export { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'
export { GithubAppClient, type GithubAppClientOptions } from './github-app-client.ts'
