-- The shape of an offer as nearby cards show it (nearbyOfferSchema in packages/shared, key for key and in its
-- order): row_to_json(ROW(...)::nearby_offer_json) writes an offer's card JSON in one call, with the key names
-- the API uses and no spaces, as JSON.stringify would (apps/api/src/services/nearby/queries.ts;
-- test/routes/nearby-json.test.ts holds the two to the same bytes). Change it together with the schema.
CREATE TYPE nearby_offer_json AS (
  "offerId" integer,
  "imageUrl" text,
  "title" text,
  "description" text,
  "discountType" text,
  "discountValue" double precision,
  "startDate" date,
  "endDate" date,
  "termsAndConditions" text,
  "status" text
);
