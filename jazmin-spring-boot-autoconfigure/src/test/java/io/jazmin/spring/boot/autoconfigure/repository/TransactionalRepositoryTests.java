package io.jazmin.spring.boot.autoconfigure.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.JazminFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.stereotype.Service;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;

/** {@code @Transactional} works out of the box: the starter registers the JAZMIN transaction manager. */
@SpringBootTest(classes = {RepositoryTestApplication.class, TransactionalRepositoryTests.Accounts.class})
class TransactionalRepositoryTests {

    /** A service whose methods each run in one transaction. */
    @Service
    static class Accounts {
        private final CustomerRepository customers;

        Accounts(CustomerRepository customers) {
            this.customers = customers;
        }

        @Transactional
        public void renameThenFail(long id) {
            Customer c = customers.findById(id).orElseThrow();
            customers.save(new Customer(c.id(), "Renamed", c.email(), c.country(), c.age(), c.balance(), c.joined(),
                    c.active(), c.nickname()));
            customers.deleteById(id + 1);
            throw new IllegalStateException("payment refused");
        }

        @Transactional
        public void addMany(long from, long to) {
            for (long id = from; id < to; id++) {
                customers.save(Customer.of(id));
            }
        }
    }

    @TempDir
    static Path dir;

    @Autowired
    CustomerRepository customers;

    @Autowired
    Accounts accounts;

    @Autowired
    PlatformTransactionManager transactionManager;

    @DynamicPropertySource
    static void file(DynamicPropertyRegistry registry) {
        registry.add("jazmin.files.customers.path", () -> dir.resolve("customers.jzm").toString());
        registry.add("jazmin.files.customers.create-if-missing", () -> "true");
        registry.add("jazmin.files.customers.sorted-by", () -> "id");
    }

    @BeforeEach
    void seed() {
        customers.deleteAll();
        customers.saveAll(Customer.all(50));
    }

    @Test
    void theStarterRegistersTheJazminTransactionManager() {
        assertThat(transactionManager.getClass().getSimpleName()).isEqualTo("JazminTransactionManager");
    }

    @Test
    void aTransactionalMethodThatThrowsLeavesTheFileByteIdentical() throws IOException {
        Path file = dir.resolve("customers.jzm");
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> accounts.renameThenFail(10)).hasMessage("payment refused");

        assertThat(Files.readAllBytes(file)).isEqualTo(before);
        assertThat(customers.findById(10L)).contains(Customer.of(10));
        assertThat(customers.existsById(11L)).isTrue();
    }

    @Test
    void aCommittedTransactionOfManySavesIsOneAppend() {
        Path file = dir.resolve("customers.jzm");
        long appends = JazminFile.storage(file).appendCount();

        accounts.addMany(50, 250);

        assertThat(JazminFile.storage(file).appendCount()).isEqualTo(appends + 1);
        assertThat(customers.count()).isEqualTo(250);
        assertThat(customers.findAll(org.springframework.data.domain.Sort.by("id"))).isEqualTo(Customer.all(250));
        assertThat(List.of(dir.toFile().list())).containsExactlyInAnyOrder("customers.jzm", ".jazmin-lock-guard");
    }
}
