import { Migration } from '@mikro-orm/migrations'

export class Migration20261203121705_provider_registry extends Migration {
  override name = 'Migration20261203121705_provider_registry'

  override up(): void | Promise<void> {
    // GPG key ids are decimal, as Terraform Enterprise's are: handed out by a sequence, never twice.
    this.addSql(`create sequence "registry_gpg_key_ids";`)

    this.addSql(
      `create table "registry_gpg_keys" ("id" varchar(255) collate "C" not null, "organization_name" varchar(255) collate "C" not null, "namespace" varchar(255) collate "C" not null, "key_id" varchar(255) collate "C" not null, "ascii_armor" text not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(
      `alter table "registry_gpg_keys" add constraint "registry_gpg_keys_namespace_key_id_unique" unique ("namespace", "key_id");`,
    )

    this.addSql(
      `create table "registry_providers" ("id" varchar(255) collate "C" not null, "organization_name" varchar(255) collate "C" not null, "registry_name" text not null, "namespace" varchar(255) collate "C" not null, "name" varchar(255) collate "C" not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(
      `alter table "registry_providers" add constraint "registry_providers_address_unique" unique ("organization_name", "registry_name", "namespace", "name");`,
    )

    this.addSql(
      `create table "registry_provider_versions" ("id" varchar(255) collate "C" not null, "provider_id" varchar(255) collate "C" not null, "version" varchar(255) collate "C" not null, "version_order" text collate "C" not null, "key_id" text not null, "protocols" jsonb not null, "shasums" jsonb null, "shasums_signature_uploaded" boolean not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(
      `create index "registry_provider_versions_provider_id_version_order_index" on "registry_provider_versions" ("provider_id", "version_order");`,
    )
    this.addSql(
      `alter table "registry_provider_versions" add constraint "registry_provider_versions_provider_id_version_unique" unique ("provider_id", "version");`,
    )

    this.addSql(
      `create table "registry_provider_platforms" ("id" varchar(255) collate "C" not null, "version_id" varchar(255) collate "C" not null, "os" varchar(255) collate "C" not null, "arch" varchar(255) collate "C" not null, "filename" text not null, "shasum" text not null, "binary_uploaded" boolean not null, "downloads" bigint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    )
    this.addSql(
      `alter table "registry_provider_platforms" add constraint "registry_provider_platforms_version_id_os_arch_unique" unique ("version_id", "os", "arch");`,
    )

    this.addSql(
      `alter table "registry_gpg_keys" add constraint "registry_gpg_keys_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )

    this.addSql(
      `alter table "registry_providers" add constraint "registry_providers_organization_name_foreign" foreign key ("organization_name") references "organizations" ("name") on delete cascade;`,
    )
    this.addSql(
      `alter table "registry_providers" add constraint "registry_providers_registry_name_check" check ("registry_name" in ('private', 'public'));`,
    )

    this.addSql(
      `alter table "registry_provider_versions" add constraint "registry_provider_versions_provider_id_foreign" foreign key ("provider_id") references "registry_providers" ("id") on delete cascade;`,
    )

    this.addSql(
      `alter table "registry_provider_platforms" add constraint "registry_provider_platforms_version_id_foreign" foreign key ("version_id") references "registry_provider_versions" ("id") on delete cascade;`,
    )
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "registry_provider_platforms" cascade;`)
    this.addSql(`drop table if exists "registry_provider_versions" cascade;`)
    this.addSql(`drop table if exists "registry_providers" cascade;`)
    this.addSql(`drop table if exists "registry_gpg_keys" cascade;`)
    this.addSql(`drop sequence if exists "registry_gpg_key_ids";`)
  }
}
