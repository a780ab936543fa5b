package io.jazmin.spring.data.core;

import org.springframework.dao.DataAccessException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.ResourceTransactionManager;
import org.springframework.transaction.support.SmartTransactionObject;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.Assert;

/**
 * Transactions over JAZMIN files: inside a transaction, writes go to a private working copy of
 * each file they touch and the transaction's own reads see them; on commit each file gets the
 * transaction's changes as one new version (one append, or one atomic rewrite when the
 * transaction rewrote the file), on rollback the copies are dropped and the files are left
 * byte-identical. Outside a transaction every repository call stays its own version.
 *
 * <p>A file written in a transaction is locked against other writers of this JVM until the
 * transaction ends (they wait, as for a row lock); readers never wait and see the last committed
 * version (read committed). A file changed by another process meanwhile makes the commit fail
 * with a {@link org.springframework.dao.ConcurrencyFailureException}. Several files commit one
 * after the other, each atomically. Nested transactions are not supported; {@code REQUIRES_NEW}
 * suspends the outer transaction.
 */
public class JazminTransactionManager extends AbstractPlatformTransactionManager
        implements ResourceTransactionManager {
    private final JazminFiles files;

    /** A transaction manager for the files of {@code files}. */
    public JazminTransactionManager(JazminFiles files) {
        Assert.notNull(files, "files must not be null");
        this.files = files;
        setNestedTransactionAllowed(false);
    }

    /** The key the transaction's files are bound under: the {@link JazminFiles}. */
    @Override
    public Object getResourceFactory() {
        return files;
    }

    @Override
    protected Object doGetTransaction() {
        return new TransactionObject((FileTransaction) TransactionSynchronizationManager.getResource(files));
    }

    @Override
    protected boolean isExistingTransaction(Object transaction) {
        return ((TransactionObject) transaction).files != null;
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        FileTransaction tx = new FileTransaction();
        ((TransactionObject) transaction).files = tx;
        TransactionSynchronizationManager.bindResource(files, tx);
    }

    @Override
    protected Object doSuspend(Object transaction) {
        ((TransactionObject) transaction).files = null;
        return TransactionSynchronizationManager.unbindResource(files);
    }

    @Override
    protected void doResume(Object transaction, Object suspendedResources) {
        TransactionSynchronizationManager.bindResource(files, suspendedResources);
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        try {
            ((TransactionObject) status.getTransaction()).files.commit();
        } catch (RuntimeException e) {
            if (e instanceof DataAccessException) {
                throw e;
            }
            throw new TransactionSystemException("commit of the JAZMIN files failed: " + e.getMessage(), e);
        }
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        // Nothing reached the files: the copies are dropped when the transaction is cleaned up.
    }

    @Override
    protected void doSetRollbackOnly(DefaultTransactionStatus status) {
        ((TransactionObject) status.getTransaction()).files.setRollbackOnly();
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        TransactionObject object = (TransactionObject) transaction;
        TransactionSynchronizationManager.unbindResourceIfPossible(files);
        if (object.files != null) {
            object.files.close();
            object.files = null;
        }
    }

    /** The current transaction's files of {@code files}, or {@code null} outside a transaction. */
    static FileTransaction current(JazminFiles files) {
        return files == null ? null : (FileTransaction) TransactionSynchronizationManager.getResource(files);
    }

    private static final class TransactionObject implements SmartTransactionObject {
        private FileTransaction files;

        private TransactionObject(FileTransaction files) {
            this.files = files;
        }

        @Override
        public boolean isRollbackOnly() {
            return files != null && files.isRollbackOnly();
        }

        @Override
        public void flush() {
            // Writes reach the working copies at once; commit lands them.
        }
    }
}
