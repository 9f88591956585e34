import { AuthTokenSchema } from './auth-token.schema.ts'
import { ToolVersionSchema } from './tool-version.schema.ts'
import { UserSchema } from './user.schema.ts'
import { WorkspaceSchema } from './workspace.schema.ts'

export const entities = [UserSchema, AuthTokenSchema, ToolVersionSchema, WorkspaceSchema]
