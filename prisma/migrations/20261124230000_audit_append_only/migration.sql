-- The audit trail is append-only: UPDATE, DELETE and TRUNCATE of "AuditLog" are refused by the database itself,
-- for every role, the application's included. ENABLE ALWAYS keeps the triggers on under
-- session_replication_role = replica (the bulk restore's setting). Only a DDL statement by the table's owner
-- (DROP/DISABLE TRIGGER) could remove them: a deployment that wants that closed too runs the app as another role.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'AuditLog is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'Audit rows are never changed or removed; record a new row instead.';
END;
$$;

CREATE TRIGGER "AuditLog_no_update_or_delete"
  BEFORE UPDATE OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();

CREATE TRIGGER "AuditLog_no_truncate"
  BEFORE TRUNCATE ON "AuditLog"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();

ALTER TABLE "AuditLog" ENABLE ALWAYS TRIGGER "AuditLog_no_update_or_delete";
ALTER TABLE "AuditLog" ENABLE ALWAYS TRIGGER "AuditLog_no_truncate";
