package io.jazmin.spring.boot.autoconfigure.oracle;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** Projections of {@link Order}. */
final class OrderViews {
    private OrderViews() {
    }

    /** A closed interface projection over scalar members. */
    interface Summary {
        long getId();

        String getCustomer();

        Order.Status getStatus();

        BigDecimal getTotal();

        Instant getPlaced();
    }

    /** A closed interface projection over an {@code Optional} and a nullable member. */
    interface NoteView {
        long getId();

        Optional<String> getNote();

        Integer getPriority();
    }

    /** A closed interface projection over the collection, map and nested members. */
    interface ContentsView {
        long getId();

        List<String> getTags();

        Set<String> getLabels();

        Map<String, Integer> getQuantities();

        Order.Address getShipTo();
    }

    /** A record projection over scalar members. */
    record Totals(long id, Order.Status status, BigDecimal total) {
    }

    /** A record projection over the collection and nested members. */
    record Contents(long id, List<String> tags, Order.Address shipTo) {
    }

    /** A record for distinct results. */
    record CustomerName(String customer) {
    }

    /** A DTO class (constructor and getters, no setters). */
    static final class CustomerTotal {
        private final String customer;
        private final BigDecimal total;

        CustomerTotal(String customer, BigDecimal total) {
            this.customer = customer;
            this.total = total;
        }

        public String getCustomer() {
            return customer;
        }

        public BigDecimal getTotal() {
            return total;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CustomerTotal t && Objects.equals(customer, t.customer) && Objects.equals(total, t.total);
        }

        @Override
        public int hashCode() {
            return Objects.hash(customer, total);
        }

        @Override
        public String toString() {
            return "CustomerTotal[" + customer + ", " + total + "]";
        }
    }
}
