-- Invoice PDFs are drawn on download under the key each change sets (docs/decisions.md, "Invoice PDFs
-- are drawn on download"): a live receivable left without a key (the demo seed, or a PDF whose drawing
-- failed) gets one here, as the details dialog used to give it when opened.
UPDATE "account_invoices"
SET "invoice_pdf_s3_key" = 'org/' || "org_id" || '/receivables/' || gen_random_uuid() || '.pdf'
WHERE "kind" = 'RECEIVABLE' AND "status" <> 'DRAFT' AND "invoice_pdf_s3_key" IS NULL;
