ALTER TABLE "receipts" ADD COLUMN "reason_code" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "reason_params" jsonb;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "auto_reason_code" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "auto_reason_params" jsonb;
--> statement-breakpoint
-- Existing rows: the automatic verdict's English reason becomes its code (STYLE.md item 12); the words are made from
-- the code where they are shown. Each reason the rules give is matched exactly, the one with a number by its pattern;
-- anything else in "reason" is the owner's own words and stays.
UPDATE "receipts" SET "reason_code" = m.code, "reason_params" = '{}'::jsonb, "reason" = NULL
FROM (VALUES
  ('receiptAlreadySubmitted', 'This receipt was already submitted.'),
  ('receiptAnotherShop', 'This receipt is from another shop.'),
  ('receiptOutsideOfferDates', 'This receipt is dated outside the offer’s dates.'),
  ('receiptPriceAboveOffer', 'The price paid is above the offer’s price.'),
  ('receiptUnreadable', 'The receipt could not be read automatically. The shop will check it.'),
  ('receiptShopNameUnsure', 'The shop name on the receipt could not be confirmed. The shop will check it.'),
  ('receiptDateUnreadable', 'The date on the receipt could not be read. The shop will check it.'),
  ('receiptDateAfterUpload', 'The date on the receipt is later than the upload. The shop will check it.'),
  ('receiptTotalsUnreadable', 'The totals on the receipt could not be read. The shop will check it.')
) AS m(code, text)
WHERE "receipts"."reason" = m.text;--> statement-breakpoint
UPDATE "receipts" SET "auto_reason_code" = m.code, "auto_reason_params" = '{}'::jsonb, "auto_reason" = NULL
FROM (VALUES
  ('receiptAlreadySubmitted', 'This receipt was already submitted.'),
  ('receiptAnotherShop', 'This receipt is from another shop.'),
  ('receiptOutsideOfferDates', 'This receipt is dated outside the offer’s dates.'),
  ('receiptPriceAboveOffer', 'The price paid is above the offer’s price.'),
  ('receiptUnreadable', 'The receipt could not be read automatically. The shop will check it.'),
  ('receiptShopNameUnsure', 'The shop name on the receipt could not be confirmed. The shop will check it.'),
  ('receiptDateUnreadable', 'The date on the receipt could not be read. The shop will check it.'),
  ('receiptDateAfterUpload', 'The date on the receipt is later than the upload. The shop will check it.'),
  ('receiptTotalsUnreadable', 'The totals on the receipt could not be read. The shop will check it.')
) AS m(code, text)
WHERE "receipts"."auto_reason" = m.text;--> statement-breakpoint
UPDATE "receipts"
SET "reason_code" = 'receiptTooOld',
  "reason_params" = jsonb_build_object('days', substring("reason" FROM '^This receipt is more than ([0-9]+) days old\.$')::int),
  "reason" = NULL
WHERE "reason" ~ '^This receipt is more than [0-9]+ days old\.$';--> statement-breakpoint
UPDATE "receipts"
SET "auto_reason_code" = 'receiptTooOld',
  "auto_reason_params" = jsonb_build_object('days', substring("auto_reason" FROM '^This receipt is more than ([0-9]+) days old\.$')::int),
  "auto_reason" = NULL
WHERE "auto_reason" ~ '^This receipt is more than [0-9]+ days old\.$';