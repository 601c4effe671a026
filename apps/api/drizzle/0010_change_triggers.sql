-- Filled by issue 11 (invalidation by trigger).
SELECT 1;
