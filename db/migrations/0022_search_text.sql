-- Free text in search, replacing the FTS5 index babysitter_search (0003_search_fts). A search
-- first takes the sitters of its circle (sitter_search's box, at most about 3,000 where sitters are
-- dense: edge/services/search/density.ts), then keeps those whose name, city or bio has a word
-- starting with each typed word. FTS5 did it the other way round: it walked the whole index's list of
-- a typed word (one bio in four at 1,000,000 sitters) before the place cut it down, and ranked with
-- bm25, which reads those lists whole again; free text took 72 ms where the circle alone takes 16.
-- sitter_text holds each sitter's words folded (lowercase, no accents, punctuation as spaces, each
-- column starting with a space so ' ' || word finds a word's start), in sitter_search's key order so
-- the circle's rows of both tables sit side by side. Kept by triggers, never written by the app:
-- with sitter_search's rows (which its own triggers insert and delete), and when a name, city or
-- bio changes. The fold is the views sitter_text_fold_1 to _16 under sitter_text_source, generated
-- by db/text/search-fold.ts (searchFoldLayers: SQLite's parser takes only about 25 nested calls, so
-- each view adds 20 replace() to the one below), which folds typed words the same way
-- (foldForSearch); tests/unit/search-text.test.ts checks both agree on every character. A later
-- migration that rebuilds `profiles` must recreate sitter_text_after_profile_update and refill
-- sitter_text (its ids are profiles' rowids).
DROP TRIGGER `babysitter_search_after_insert`;
--> statement-breakpoint
DROP TRIGGER `babysitter_search_after_update`;
--> statement-breakpoint
DROP TRIGGER `babysitter_search_after_delete`;
--> statement-breakpoint
DROP TABLE `babysitter_search`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_0` AS
SELECT p.rowid AS `id`, p.`first_name` || ' ' || p.`last_name` AS `name_words`, coalesce(p.`city`, '') AS `city_words`, coalesce(p.`bio`, '') AS `bio_words`
FROM `profiles` p;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_1` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(9), ' '), char(10), ' '), char(13), ' '), '!', ' '), '"', ' '), '#', ' '), '$', ' '), '%', ' '), '&', ' '), '''', ' '), '(', ' '), ')', ' '), '*', ' '), '+', ' '), ',', ' '), '-', ' '), '.', ' '), '/', ' '), ':', ' '), ';', ' ') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(9), ' '), char(10), ' '), char(13), ' '), '!', ' '), '"', ' '), '#', ' '), '$', ' '), '%', ' '), '&', ' '), '''', ' '), '(', ' '), ')', ' '), '*', ' '), '+', ' '), ',', ' '), '-', ' '), '.', ' '), '/', ' '), ':', ' '), ';', ' ') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(9), ' '), char(10), ' '), char(13), ' '), '!', ' '), '"', ' '), '#', ' '), '$', ' '), '%', ' '), '&', ' '), '''', ' '), '(', ' '), ')', ' '), '*', ' '), '+', ' '), ',', ' '), '-', ' '), '.', ' '), '/', ' '), ':', ' '), ';', ' ') AS `bio_words`
FROM `sitter_text_fold_0`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_2` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, '<', ' '), '=', ' '), '>', ' '), '?', ' '), '@', ' '), 'A', 'a'), 'B', 'b'), 'C', 'c'), 'D', 'd'), 'E', 'e'), 'F', 'f'), 'G', 'g'), 'H', 'h'), 'I', 'i'), 'J', 'j'), 'K', 'k'), 'L', 'l'), 'M', 'm'), 'N', 'n'), 'O', 'o') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, '<', ' '), '=', ' '), '>', ' '), '?', ' '), '@', ' '), 'A', 'a'), 'B', 'b'), 'C', 'c'), 'D', 'd'), 'E', 'e'), 'F', 'f'), 'G', 'g'), 'H', 'h'), 'I', 'i'), 'J', 'j'), 'K', 'k'), 'L', 'l'), 'M', 'm'), 'N', 'n'), 'O', 'o') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, '<', ' '), '=', ' '), '>', ' '), '?', ' '), '@', ' '), 'A', 'a'), 'B', 'b'), 'C', 'c'), 'D', 'd'), 'E', 'e'), 'F', 'f'), 'G', 'g'), 'H', 'h'), 'I', 'i'), 'J', 'j'), 'K', 'k'), 'L', 'l'), 'M', 'm'), 'N', 'n'), 'O', 'o') AS `bio_words`
FROM `sitter_text_fold_1`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_3` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, 'P', 'p'), 'Q', 'q'), 'R', 'r'), 'S', 's'), 'T', 't'), 'U', 'u'), 'V', 'v'), 'W', 'w'), 'X', 'x'), 'Y', 'y'), 'Z', 'z'), '[', ' '), '\', ' '), ']', ' '), '^', ' '), '_', ' '), '`', ' '), '{', ' '), '|', ' '), '}', ' ') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, 'P', 'p'), 'Q', 'q'), 'R', 'r'), 'S', 's'), 'T', 't'), 'U', 'u'), 'V', 'v'), 'W', 'w'), 'X', 'x'), 'Y', 'y'), 'Z', 'z'), '[', ' '), '\', ' '), ']', ' '), '^', ' '), '_', ' '), '`', ' '), '{', ' '), '|', ' '), '}', ' ') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, 'P', 'p'), 'Q', 'q'), 'R', 'r'), 'S', 's'), 'T', 't'), 'U', 'u'), 'V', 'v'), 'W', 'w'), 'X', 'x'), 'Y', 'y'), 'Z', 'z'), '[', ' '), '\', ' '), ']', ' '), '^', ' '), '_', ' '), '`', ' '), '{', ' '), '|', ' '), '}', ' ') AS `bio_words`
FROM `sitter_text_fold_2`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_4` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, '~', ' '), char(160), ' '), char(161), ' '), char(162), ' '), char(163), ' '), char(164), ' '), char(165), ' '), char(166), ' '), char(167), ' '), char(168), ' '), char(169), ' '), char(171), ' '), char(172), ' '), char(173), ' '), char(174), ' '), char(175), ' '), char(176), ' '), char(177), ' '), char(180), ' '), char(182), ' ') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, '~', ' '), char(160), ' '), char(161), ' '), char(162), ' '), char(163), ' '), char(164), ' '), char(165), ' '), char(166), ' '), char(167), ' '), char(168), ' '), char(169), ' '), char(171), ' '), char(172), ' '), char(173), ' '), char(174), ' '), char(175), ' '), char(176), ' '), char(177), ' '), char(180), ' '), char(182), ' ') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, '~', ' '), char(160), ' '), char(161), ' '), char(162), ' '), char(163), ' '), char(164), ' '), char(165), ' '), char(166), ' '), char(167), ' '), char(168), ' '), char(169), ' '), char(171), ' '), char(172), ' '), char(173), ' '), char(174), ' '), char(175), ' '), char(176), ' '), char(177), ' '), char(180), ' '), char(182), ' ') AS `bio_words`
FROM `sitter_text_fold_3`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_5` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(183), ' '), char(184), ' '), char(187), ' '), char(191), ' '), char(192), 'a'), char(193), 'a'), char(194), 'a'), char(195), 'a'), char(196), 'a'), char(197), 'a'), char(198), 'ae'), char(199), 'c'), char(200), 'e'), char(201), 'e'), char(202), 'e'), char(203), 'e'), char(204), 'i'), char(205), 'i'), char(206), 'i'), char(207), 'i') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(183), ' '), char(184), ' '), char(187), ' '), char(191), ' '), char(192), 'a'), char(193), 'a'), char(194), 'a'), char(195), 'a'), char(196), 'a'), char(197), 'a'), char(198), 'ae'), char(199), 'c'), char(200), 'e'), char(201), 'e'), char(202), 'e'), char(203), 'e'), char(204), 'i'), char(205), 'i'), char(206), 'i'), char(207), 'i') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(183), ' '), char(184), ' '), char(187), ' '), char(191), ' '), char(192), 'a'), char(193), 'a'), char(194), 'a'), char(195), 'a'), char(196), 'a'), char(197), 'a'), char(198), 'ae'), char(199), 'c'), char(200), 'e'), char(201), 'e'), char(202), 'e'), char(203), 'e'), char(204), 'i'), char(205), 'i'), char(206), 'i'), char(207), 'i') AS `bio_words`
FROM `sitter_text_fold_4`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_6` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(208), char(240)), char(209), 'n'), char(210), 'o'), char(211), 'o'), char(212), 'o'), char(213), 'o'), char(214), 'o'), char(215), ' '), char(216), char(248)), char(217), 'u'), char(218), 'u'), char(219), 'u'), char(220), 'u'), char(221), 'y'), char(222), char(254)), char(223), 'ss'), char(224), 'a'), char(225), 'a'), char(226), 'a'), char(227), 'a') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(208), char(240)), char(209), 'n'), char(210), 'o'), char(211), 'o'), char(212), 'o'), char(213), 'o'), char(214), 'o'), char(215), ' '), char(216), char(248)), char(217), 'u'), char(218), 'u'), char(219), 'u'), char(220), 'u'), char(221), 'y'), char(222), char(254)), char(223), 'ss'), char(224), 'a'), char(225), 'a'), char(226), 'a'), char(227), 'a') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(208), char(240)), char(209), 'n'), char(210), 'o'), char(211), 'o'), char(212), 'o'), char(213), 'o'), char(214), 'o'), char(215), ' '), char(216), char(248)), char(217), 'u'), char(218), 'u'), char(219), 'u'), char(220), 'u'), char(221), 'y'), char(222), char(254)), char(223), 'ss'), char(224), 'a'), char(225), 'a'), char(226), 'a'), char(227), 'a') AS `bio_words`
FROM `sitter_text_fold_5`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_7` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(228), 'a'), char(229), 'a'), char(230), 'ae'), char(231), 'c'), char(232), 'e'), char(233), 'e'), char(234), 'e'), char(235), 'e'), char(236), 'i'), char(237), 'i'), char(238), 'i'), char(239), 'i'), char(241), 'n'), char(242), 'o'), char(243), 'o'), char(244), 'o'), char(245), 'o'), char(246), 'o'), char(247), ' '), char(249), 'u') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(228), 'a'), char(229), 'a'), char(230), 'ae'), char(231), 'c'), char(232), 'e'), char(233), 'e'), char(234), 'e'), char(235), 'e'), char(236), 'i'), char(237), 'i'), char(238), 'i'), char(239), 'i'), char(241), 'n'), char(242), 'o'), char(243), 'o'), char(244), 'o'), char(245), 'o'), char(246), 'o'), char(247), ' '), char(249), 'u') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(228), 'a'), char(229), 'a'), char(230), 'ae'), char(231), 'c'), char(232), 'e'), char(233), 'e'), char(234), 'e'), char(235), 'e'), char(236), 'i'), char(237), 'i'), char(238), 'i'), char(239), 'i'), char(241), 'n'), char(242), 'o'), char(243), 'o'), char(244), 'o'), char(245), 'o'), char(246), 'o'), char(247), ' '), char(249), 'u') AS `bio_words`
FROM `sitter_text_fold_6`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_8` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(250), 'u'), char(251), 'u'), char(252), 'u'), char(253), 'y'), char(255), 'y'), char(256), 'a'), char(257), 'a'), char(258), 'a'), char(259), 'a'), char(260), 'a'), char(261), 'a'), char(262), 'c'), char(263), 'c'), char(264), 'c'), char(265), 'c'), char(266), 'c'), char(267), 'c'), char(268), 'c'), char(269), 'c'), char(270), 'd') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(250), 'u'), char(251), 'u'), char(252), 'u'), char(253), 'y'), char(255), 'y'), char(256), 'a'), char(257), 'a'), char(258), 'a'), char(259), 'a'), char(260), 'a'), char(261), 'a'), char(262), 'c'), char(263), 'c'), char(264), 'c'), char(265), 'c'), char(266), 'c'), char(267), 'c'), char(268), 'c'), char(269), 'c'), char(270), 'd') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(250), 'u'), char(251), 'u'), char(252), 'u'), char(253), 'y'), char(255), 'y'), char(256), 'a'), char(257), 'a'), char(258), 'a'), char(259), 'a'), char(260), 'a'), char(261), 'a'), char(262), 'c'), char(263), 'c'), char(264), 'c'), char(265), 'c'), char(266), 'c'), char(267), 'c'), char(268), 'c'), char(269), 'c'), char(270), 'd') AS `bio_words`
FROM `sitter_text_fold_7`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_9` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(271), 'd'), char(272), char(273)), char(274), 'e'), char(275), 'e'), char(276), 'e'), char(277), 'e'), char(278), 'e'), char(279), 'e'), char(280), 'e'), char(281), 'e'), char(282), 'e'), char(283), 'e'), char(284), 'g'), char(285), 'g'), char(286), 'g'), char(287), 'g'), char(288), 'g'), char(289), 'g'), char(290), 'g'), char(291), 'g') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(271), 'd'), char(272), char(273)), char(274), 'e'), char(275), 'e'), char(276), 'e'), char(277), 'e'), char(278), 'e'), char(279), 'e'), char(280), 'e'), char(281), 'e'), char(282), 'e'), char(283), 'e'), char(284), 'g'), char(285), 'g'), char(286), 'g'), char(287), 'g'), char(288), 'g'), char(289), 'g'), char(290), 'g'), char(291), 'g') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(271), 'd'), char(272), char(273)), char(274), 'e'), char(275), 'e'), char(276), 'e'), char(277), 'e'), char(278), 'e'), char(279), 'e'), char(280), 'e'), char(281), 'e'), char(282), 'e'), char(283), 'e'), char(284), 'g'), char(285), 'g'), char(286), 'g'), char(287), 'g'), char(288), 'g'), char(289), 'g'), char(290), 'g'), char(291), 'g') AS `bio_words`
FROM `sitter_text_fold_8`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_10` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(292), 'h'), char(293), 'h'), char(294), char(295)), char(296), 'i'), char(297), 'i'), char(298), 'i'), char(299), 'i'), char(300), 'i'), char(301), 'i'), char(302), 'i'), char(303), 'i'), char(304), 'i'), char(306), char(307)), char(308), 'j'), char(309), 'j'), char(310), 'k'), char(311), 'k'), char(313), 'l'), char(314), 'l'), char(315), 'l') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(292), 'h'), char(293), 'h'), char(294), char(295)), char(296), 'i'), char(297), 'i'), char(298), 'i'), char(299), 'i'), char(300), 'i'), char(301), 'i'), char(302), 'i'), char(303), 'i'), char(304), 'i'), char(306), char(307)), char(308), 'j'), char(309), 'j'), char(310), 'k'), char(311), 'k'), char(313), 'l'), char(314), 'l'), char(315), 'l') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(292), 'h'), char(293), 'h'), char(294), char(295)), char(296), 'i'), char(297), 'i'), char(298), 'i'), char(299), 'i'), char(300), 'i'), char(301), 'i'), char(302), 'i'), char(303), 'i'), char(304), 'i'), char(306), char(307)), char(308), 'j'), char(309), 'j'), char(310), 'k'), char(311), 'k'), char(313), 'l'), char(314), 'l'), char(315), 'l') AS `bio_words`
FROM `sitter_text_fold_9`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_11` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(316), 'l'), char(317), 'l'), char(318), 'l'), char(319), char(320)), char(321), char(322)), char(323), 'n'), char(324), 'n'), char(325), 'n'), char(326), 'n'), char(327), 'n'), char(328), 'n'), char(330), char(331)), char(332), 'o'), char(333), 'o'), char(334), 'o'), char(335), 'o'), char(336), 'o'), char(337), 'o'), char(338), 'oe'), char(339), 'oe') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(316), 'l'), char(317), 'l'), char(318), 'l'), char(319), char(320)), char(321), char(322)), char(323), 'n'), char(324), 'n'), char(325), 'n'), char(326), 'n'), char(327), 'n'), char(328), 'n'), char(330), char(331)), char(332), 'o'), char(333), 'o'), char(334), 'o'), char(335), 'o'), char(336), 'o'), char(337), 'o'), char(338), 'oe'), char(339), 'oe') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(316), 'l'), char(317), 'l'), char(318), 'l'), char(319), char(320)), char(321), char(322)), char(323), 'n'), char(324), 'n'), char(325), 'n'), char(326), 'n'), char(327), 'n'), char(328), 'n'), char(330), char(331)), char(332), 'o'), char(333), 'o'), char(334), 'o'), char(335), 'o'), char(336), 'o'), char(337), 'o'), char(338), 'oe'), char(339), 'oe') AS `bio_words`
FROM `sitter_text_fold_10`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_12` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(340), 'r'), char(341), 'r'), char(342), 'r'), char(343), 'r'), char(344), 'r'), char(345), 'r'), char(346), 's'), char(347), 's'), char(348), 's'), char(349), 's'), char(350), 's'), char(351), 's'), char(352), 's'), char(353), 's'), char(354), 't'), char(355), 't'), char(356), 't'), char(357), 't'), char(358), char(359)), char(360), 'u') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(340), 'r'), char(341), 'r'), char(342), 'r'), char(343), 'r'), char(344), 'r'), char(345), 'r'), char(346), 's'), char(347), 's'), char(348), 's'), char(349), 's'), char(350), 's'), char(351), 's'), char(352), 's'), char(353), 's'), char(354), 't'), char(355), 't'), char(356), 't'), char(357), 't'), char(358), char(359)), char(360), 'u') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(340), 'r'), char(341), 'r'), char(342), 'r'), char(343), 'r'), char(344), 'r'), char(345), 'r'), char(346), 's'), char(347), 's'), char(348), 's'), char(349), 's'), char(350), 's'), char(351), 's'), char(352), 's'), char(353), 's'), char(354), 't'), char(355), 't'), char(356), 't'), char(357), 't'), char(358), char(359)), char(360), 'u') AS `bio_words`
FROM `sitter_text_fold_11`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_13` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(361), 'u'), char(362), 'u'), char(363), 'u'), char(364), 'u'), char(365), 'u'), char(366), 'u'), char(367), 'u'), char(368), 'u'), char(369), 'u'), char(370), 'u'), char(371), 'u'), char(372), 'w'), char(373), 'w'), char(374), 'y'), char(375), 'y'), char(376), 'y'), char(377), 'z'), char(378), 'z'), char(379), 'z'), char(380), 'z') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(361), 'u'), char(362), 'u'), char(363), 'u'), char(364), 'u'), char(365), 'u'), char(366), 'u'), char(367), 'u'), char(368), 'u'), char(369), 'u'), char(370), 'u'), char(371), 'u'), char(372), 'w'), char(373), 'w'), char(374), 'y'), char(375), 'y'), char(376), 'y'), char(377), 'z'), char(378), 'z'), char(379), 'z'), char(380), 'z') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(361), 'u'), char(362), 'u'), char(363), 'u'), char(364), 'u'), char(365), 'u'), char(366), 'u'), char(367), 'u'), char(368), 'u'), char(369), 'u'), char(370), 'u'), char(371), 'u'), char(372), 'w'), char(373), 'w'), char(374), 'y'), char(375), 'y'), char(376), 'y'), char(377), 'z'), char(378), 'z'), char(379), 'z'), char(380), 'z') AS `bio_words`
FROM `sitter_text_fold_12`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_14` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(381), 'z'), char(382), 'z'), char(160), ' '), char(8199), ' '), char(8239), ' '), char(8208), ' '), char(8209), ' '), char(8210), ' '), char(8211), ' '), char(8212), ' '), char(8213), ' '), char(8214), ' '), char(8215), ' '), char(8216), ' '), char(8217), ' '), char(8218), ' '), char(8219), ' '), char(8220), ' '), char(8221), ' '), char(8222), ' ') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(381), 'z'), char(382), 'z'), char(160), ' '), char(8199), ' '), char(8239), ' '), char(8208), ' '), char(8209), ' '), char(8210), ' '), char(8211), ' '), char(8212), ' '), char(8213), ' '), char(8214), ' '), char(8215), ' '), char(8216), ' '), char(8217), ' '), char(8218), ' '), char(8219), ' '), char(8220), ' '), char(8221), ' '), char(8222), ' ') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(381), 'z'), char(382), 'z'), char(160), ' '), char(8199), ' '), char(8239), ' '), char(8208), ' '), char(8209), ' '), char(8210), ' '), char(8211), ' '), char(8212), ' '), char(8213), ' '), char(8214), ' '), char(8215), ' '), char(8216), ' '), char(8217), ' '), char(8218), ' '), char(8219), ' '), char(8220), ' '), char(8221), ' '), char(8222), ' ') AS `bio_words`
FROM `sitter_text_fold_13`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_15` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(8223), ' '), char(8224), ' '), char(8225), ' '), char(8226), ' '), char(8227), ' '), char(8228), ' '), char(8229), ' '), char(8230), ' '), char(8231), ' '), char(8240), ' '), char(8241), ' '), char(8242), ' '), char(8243), ' '), char(8244), ' '), char(8245), ' '), char(8246), ' '), char(8247), ' '), char(8248), ' '), char(8249), ' '), char(8250), ' ') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(8223), ' '), char(8224), ' '), char(8225), ' '), char(8226), ' '), char(8227), ' '), char(8228), ' '), char(8229), ' '), char(8230), ' '), char(8231), ' '), char(8240), ' '), char(8241), ' '), char(8242), ' '), char(8243), ' '), char(8244), ' '), char(8245), ' '), char(8246), ' '), char(8247), ' '), char(8248), ' '), char(8249), ' '), char(8250), ' ') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(8223), ' '), char(8224), ' '), char(8225), ' '), char(8226), ' '), char(8227), ' '), char(8228), ' '), char(8229), ' '), char(8230), ' '), char(8231), ' '), char(8240), ' '), char(8241), ' '), char(8242), ' '), char(8243), ' '), char(8244), ' '), char(8245), ' '), char(8246), ' '), char(8247), ' '), char(8248), ' '), char(8249), ' '), char(8250), ' ') AS `bio_words`
FROM `sitter_text_fold_14`;
--> statement-breakpoint
CREATE VIEW `sitter_text_fold_16` AS
SELECT `id`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`name_words`, char(768), ''), char(769), ''), char(770), ''), char(771), ''), char(772), ''), char(774), ''), char(775), ''), char(776), ''), char(778), ''), char(779), ''), char(780), ''), char(807), ''), char(808), '') AS `name_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`city_words`, char(768), ''), char(769), ''), char(770), ''), char(771), ''), char(772), ''), char(774), ''), char(775), ''), char(776), ''), char(778), ''), char(779), ''), char(780), ''), char(807), ''), char(808), '') AS `city_words`,
	replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(`bio_words`, char(768), ''), char(769), ''), char(770), ''), char(771), ''), char(772), ''), char(774), ''), char(775), ''), char(776), ''), char(778), ''), char(779), ''), char(780), ''), char(807), ''), char(808), '') AS `bio_words`
FROM `sitter_text_fold_15`;
--> statement-breakpoint
CREATE VIEW `sitter_text_source` AS
SELECT `id`, ' ' || `name_words` AS `name_words`, ' ' || `city_words` AS `city_words`, ' ' || `bio_words` AS `bio_words`
FROM `sitter_text_fold_16`;
--> statement-breakpoint
CREATE TABLE `sitter_text` (
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`id` integer NOT NULL,
	`name_words` text NOT NULL,
	`city_words` text NOT NULL,
	`bio_words` text NOT NULL,
	PRIMARY KEY (`latitude`, `longitude`, `id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `sitter_text_after_search_insert` AFTER INSERT ON `sitter_search`
BEGIN
	INSERT INTO `sitter_text` (`latitude`, `longitude`, `id`, `name_words`, `city_words`, `bio_words`)
	SELECT new.`latitude`, new.`longitude`, new.`id`, `name_words`, `city_words`, `bio_words` FROM `sitter_text_source` WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sitter_text_after_search_delete` AFTER DELETE ON `sitter_search`
BEGIN
	DELETE FROM `sitter_text` WHERE `latitude` = old.`latitude` AND `longitude` = old.`longitude` AND `id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sitter_text_after_profile_update` AFTER UPDATE OF `first_name`, `last_name`, `city`, `bio` ON `profiles`
BEGIN
	UPDATE `sitter_text` SET (`name_words`, `city_words`, `bio_words`) =
		(SELECT `name_words`, `city_words`, `bio_words` FROM `sitter_text_source` WHERE `id` = new.rowid)
	WHERE (`latitude`, `longitude`, `id`) IN (SELECT `latitude`, `longitude`, `id` FROM `sitter_search` WHERE `id` = new.rowid);
END;
--> statement-breakpoint
INSERT INTO `sitter_text` (`latitude`, `longitude`, `id`, `name_words`, `city_words`, `bio_words`)
SELECT d.`latitude`, d.`longitude`, d.`id`, s.`name_words`, s.`city_words`, s.`bio_words`
FROM `sitter_search` d JOIN `sitter_text_source` s ON s.`id` = d.`id`;
