-- A live invoice or bill of ₹0 owes nothing and can take no payment: it is PAID, as marking it sent or
-- received (or editing it to ₹0) now makes it (docs/decisions.md, "Accounts"). Those left SENT or
-- RECEIVED before are moved there too. They owed nothing, so account_due_totals does not change.
UPDATE "account_invoices" SET "status" = 'PAID' WHERE "status" IN ('SENT', 'RECEIVED') AND "total_amount" = 0;
