-- What search shows also depends on whether each sitter's account is live (edge/services/account-state.ts:
-- a suspended or deleted account is never found). Suspending, lifting a suspension or deleting an
-- account writes only the `user` row, which migration 0031's triggers did not watch: a signed-out search
-- answered from the cache kept a suspended sitter until the cache's timeout. Now it moves the version too.
CREATE TRIGGER `search_data_version_account_state` AFTER UPDATE OF `suspended_at`, `deleted_at` ON `user`
WHEN OLD.`suspended_at` IS NOT NEW.`suspended_at` OR OLD.`deleted_at` IS NOT NEW.`deleted_at`
BEGIN UPDATE `search_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
