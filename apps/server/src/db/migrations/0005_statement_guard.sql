-- A statement that writes many rows at once and checks its own result (the P2P batch write):
-- `guard(holds, message)` is true when the check holds and otherwise raises, so the whole
-- statement, and every row it wrote, rolls back.
CREATE FUNCTION "guard"("holds" boolean, "message" text) RETURNS boolean
  LANGUAGE plpgsql AS $$
BEGIN
  IF "holds" IS NOT TRUE THEN
    RAISE EXCEPTION 'guard failed: %', "message" USING ERRCODE = 'check_violation';
  END IF;
  RETURN true;
END
$$;
