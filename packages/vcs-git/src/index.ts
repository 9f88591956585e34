export { IsomorphicGitVcsClient } from './isomorphic-git-vcs-client.ts'
