-- CreateTable
CREATE TABLE "email_phones" (
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,

    CONSTRAINT "email_phones_pkey" PRIMARY KEY ("email","phone")
);
