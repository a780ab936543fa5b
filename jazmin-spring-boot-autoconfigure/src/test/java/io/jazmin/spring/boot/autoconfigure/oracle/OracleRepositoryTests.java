package io.jazmin.spring.boot.autoconfigure.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.JazminReader;
import io.jazmin.options.ReadOptions;
import io.jazmin.key.JazminKey;
import io.jazmin.spring.boot.autoconfigure.oracle.Order.Address;
import io.jazmin.spring.boot.autoconfigure.oracle.Order.Status;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.data.domain.KeysetScrollPosition;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Model-based test of the repositories: a fixed-seed random sequence of every kind of write runs
 * against an encrypted key file ({@link Order}: collections, map, nested record, enum, decimal,
 * instant, optional) and a password file ({@link Client}, sorted by id), while an in-memory oracle
 * ({@link FileModel}) applies the same writes. At checkpoints every CRUD method, every derived-query
 * keyword and every return type the README lists is compared with the oracle.
 */
@SpringBootTest(classes = OracleTestApplication.class)
class OracleRepositoryTests {
    static final JazminKey KEY = JazminKey.generate();
    static final String PASSWORD = "correct horse battery staple";
    static final Instant BASE = Instant.parse("2024-01-01T00:00:00Z");
    static final String[] CUSTOMERS = {"Ann Smith", "bob smith", "Thabo Ndlovu", "Lerato MOKOENA", "Pieter van Wyk",
            "aisha naidoo", "Ann-Marie Botha"};
    static final String[] NOTES = {"gift wrap", "Fragile", "leave at door", "Call first"};
    static final String[] CITIES = {"Cape Town", "Durban", "Windhoek"};
    static final String[] COUNTRIES = {"ZA", "NA", "BW", "ZW"};
    static final int ORDER_IDS = 60;

    @TempDir
    static Path dir;

    @Autowired
    OrderRepository orders;

    @Autowired
    ClientRepository clients;

    final Random random = new Random(20240607L);
    final Checks checks = new Checks();
    final FileModel<Order> orderModel = FileModel.appendOrder(Order::id);
    final FileModel<Client> clientModel = FileModel.idOrder(Client::id);

    @DynamicPropertySource
    static void files(DynamicPropertyRegistry registry) {
        registry.add("jazmin.files.orders.path", () -> dir.resolve("orders.jzm").toString());
        registry.add("jazmin.files.orders.key", KEY::text);
        registry.add("jazmin.files.orders.create-if-missing", () -> "true");
        registry.add("jazmin.files.clients.path", () -> dir.resolve("clients.jzm").toString());
        registry.add("jazmin.files.clients.password", () -> PASSWORD);
        registry.add("jazmin.files.clients.create-if-missing", () -> "true");
        registry.add("jazmin.files.clients.sorted-by", () -> "id");
    }

    @Test
    void repositoriesAgreeWithTheOracle() {
        for (int step = 0; step < 70; step++) {
            orderStep(step);
            if (step == 20 || step == 45) {
                verifyOrders("after step " + step);
            }
            if (step == 45) {
                orders.compact();
            }
        }
        verifyOrders("at the end");
        clients.saveAll(List.of(client(1), client(3), client(5), client(8), client(9), client(12), client(15),
                client(18), client(20), client(21), client(25), client(30)));
        clientModel.save(clients.findAllById(List.of(1L, 3L, 5L, 8L, 9L, 12L, 15L, 18L, 20L, 21L, 25L, 30L)));
        for (int step = 0; step < 7; step++) {
            clientStep(step);
        }
        verifyClients();
        System.out.println("OracleRepositoryTests: " + checks.count() + " checks");
        checks.assertAll();
        assertThat(checks.count()).isGreaterThan(300);
        try (JazminReader r = JazminReader.open(dir.resolve("orders.jzm"), ReadOptions.defaults().withKey(KEY))) {
            assertThat(r.table().rowCount()).as("rows a plain reader with the key sees").isEqualTo(orderModel.size());
        }
    }

    // ---------------------------------------------------------------- writes

    void orderStep(int step) {
        int op = random.nextInt(100);
        String what = "order step " + step + ": ";
        if (op < 25 || orderModel.size() < 3) {
            Order o = order(newId());
            checks.eq(what + "save(new " + o.id() + ") returns it", () -> orders.save(o), o);
            orderModel.save(List.of(o));
        } else if (op < 40) {
            Order o = order(existingId());
            checks.eq(what + "save(existing " + o.id() + ") returns it", () -> orders.save(o), o);
            orderModel.save(List.of(o));
        } else if (op < 55) {
            List<Order> batch = new ArrayList<>();
            int n = 1 + random.nextInt(5);
            for (int i = 0; i < n; i++) {
                batch.add(order(random.nextBoolean() ? newId() : existingId()));
            }
            if (random.nextInt(3) == 0) {
                batch.add(order(batch.get(0).id())); // the same id twice in one call: the last one wins
            }
            orderModel.save(batch);
            // Of several with one id the last is stored, and is what the call returns for each of them.
            List<Order> stored = batch.stream().map(o -> orderModel.get(o.id())).toList();
            checks.eq(what + "saveAll(" + ids(batch) + ") returns the stored entities", () -> orders.saveAll(batch),
                    stored);
        } else if (op < 65) {
            long id = random.nextBoolean() ? existingId() : newId();
            orders.deleteById(id);
            orderModel.deleteIds(List.of(id));
        } else if (op < 73) {
            Order o = orderModel.get(existingId());
            orders.delete(o);
            orderModel.deleteIds(List.of(o.id()));
        } else if (op < 80) {
            List<Long> ids = List.of(existingId(), newId(), existingId());
            orders.deleteAllById(ids);
            orderModel.deleteIds(ids);
        } else if (op < 87) {
            List<Order> gone = List.of(orderModel.get(existingId()), orderModel.get(existingId()));
            orders.deleteAll(gone);
            orderModel.deleteIds(ids(gone));
        } else if (op < 90) {
            Status status = status();
            long expected = orderModel.deleteWhere(o -> o.status() == status).size();
            checks.eq(what + "deleteByStatus(" + status + ")", () -> orders.deleteByStatus(status), expected);
        } else if (op < 95) {
            String customer = customer();
            List<Order> expected = orderModel.deleteWhere(o -> o.customer().equals(customer) && !o.paid());
            checks.eq(what + "removeByCustomerAndPaidFalse(" + customer + ")",
                    () -> orders.removeByCustomerAndPaidFalse(customer), expected);
        } else {
            BigDecimal limit = BigDecimal.valueOf(random.nextInt(8000), 2);
            orders.deleteByTotalLessThan(limit);
            orderModel.deleteWhere(o -> o.total().compareTo(limit) < 0);
        }
        checks.eq(what + "count()", orders::count, (long) orderModel.size());
    }

    void clientStep(int step) {
        int op = random.nextInt(10);
        String what = "client step " + step + ": ";
        switch (op) {
            case 0, 1 -> {
                Client c = client(random.nextInt(40) + 1);
                checks.eq(what + "save(" + c.id() + ")", () -> clients.save(c), c);
                clientModel.save(List.of(c));
            }
            case 2, 3 -> {
                List<Client> batch = List.of(client(random.nextInt(40) + 1), client(random.nextInt(40) + 1));
                checks.eq(what + "saveAll(" + batch.stream().map(Client::id).toList() + ")", () -> clients.saveAll(batch),
                        batch);
                clientModel.save(batch);
            }
            case 4 -> {
                long id = random.nextInt(40) + 1;
                clients.deleteById(id);
                clientModel.deleteIds(List.of(id));
            }
            case 5 -> {
                Client c = anyClient();
                clients.delete(c);
                clientModel.deleteIds(List.of(c.id()));
            }
            case 6 -> {
                List<Long> ids = List.of(anyClient().id(), 99L);
                clients.deleteAllById(ids);
                clientModel.deleteIds(ids);
            }
            case 7 -> {
                List<Client> gone = List.of(anyClient(), anyClient());
                clients.deleteAll(gone);
                clientModel.deleteIds(gone.stream().map(Client::id).toList());
            }
            case 8 -> {
                String country = COUNTRIES[random.nextInt(COUNTRIES.length)];
                long expected = clientModel.deleteWhere(c -> c.country().equals(country)).size();
                checks.eq(what + "deleteByCountry(" + country + ")", () -> clients.deleteByCountry(country), expected);
            }
            default -> {
                int age = 20 + random.nextInt(10);
                List<Client> expected = clientModel.deleteWhere(c -> c.age() < age);
                checks.eq(what + "removeByAgeLessThan(" + age + ")", () -> clients.removeByAgeLessThan(age), expected);
            }
        }
    }

    Order order(long id) {
        Integer priority = random.nextInt(4) == 0 ? null : 1 + random.nextInt(5);
        Optional<String> note = random.nextInt(3) == 0 ? Optional.empty() : Optional.of(pick(NOTES));
        List<String> tags = new ArrayList<>();
        Set<String> labels = new LinkedHashSet<>();
        for (String t : List.of("red", "blue", "green")) {
            if (random.nextBoolean()) {
                tags.add(t);
            }
            if (random.nextBoolean()) {
                labels.add(t.substring(0, 1));
            }
        }
        Map<String, Integer> quantities = new LinkedHashMap<>();
        for (int i = random.nextInt(3); i > 0; i--) {
            quantities.put("item" + random.nextInt(5), 1 + random.nextInt(9));
        }
        Address shipTo = random.nextInt(5) == 0 ? null : new Address(pick(CITIES), String.valueOf(1000 + random.nextInt(9000)));
        return new Order(id, customer(), status(), BigDecimal.valueOf(random.nextInt(100_000), 2),
                BASE.plusMillis(random.nextLong(365L * 86_400_000L)), random.nextBoolean(), priority, note, tags,
                labels, quantities, shipTo);
    }

    Client client(long id) {
        String email = random.nextInt(4) == 0 ? null : "c" + id + "." + random.nextInt(100) + "@example.com";
        return new Client(id, pick(CUSTOMERS), email, pick(COUNTRIES), 18 + random.nextInt(50),
                random.nextInt(1000) / 10.0, random.nextBoolean(), BASE.plusSeconds(random.nextInt(1_000_000)));
    }

    long newId() {
        for (int tries = 0; tries < 1000; tries++) {
            long id = 1 + random.nextInt(ORDER_IDS);
            if (!orderModel.contains(id)) {
                return id;
            }
        }
        return ORDER_IDS + 1 + random.nextInt(1000);
    }

    long existingId() {
        List<Long> ids = orderModel.ids();
        return ids.get(random.nextInt(ids.size()));
    }

    Client anyClient() {
        List<Client> all = clientModel.all();
        return all.isEmpty() ? client(77) : all.get(random.nextInt(all.size()));
    }

    String customer() {
        return pick(CUSTOMERS);
    }

    Status status() {
        return Status.values()[random.nextInt(Status.values().length)];
    }

    String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }

    static List<Long> ids(Collection<Order> batch) {
        return batch.stream().map(Order::id).toList();
    }

    // ---------------------------------------------------------------- oracle helpers

    /** Ascending, nulls first (the engine's order). */
    static <T, C extends Comparable<? super C>> Comparator<T> asc(Function<T, C> key) {
        return Comparator.comparing(key, Comparator.nullsFirst(Comparator.naturalOrder()));
    }

    /** Descending; nulls still first (direction does not move them). */
    static <T, C extends Comparable<? super C>> Comparator<T> desc(Function<T, C> key) {
        return Comparator.comparing(key, Comparator.nullsFirst(Comparator.<C>reverseOrder()));
    }

    List<Order> where(Predicate<Order> p) {
        return orderModel.where(p);
    }

    /** The matches in {@code order}; ties keep file order (the sort is stable, like the library's). */
    List<Order> where(Predicate<Order> p, Comparator<Order> order) {
        List<Order> out = new ArrayList<>(orderModel.where(p));
        out.sort(order);
        return out;
    }

    static <T> List<T> first(List<T> list, int n) {
        return list.subList(0, Math.min(n, list.size()));
    }

    static boolean like(String value, String text, boolean ignoreCase) {
        return ignoreCase ? value.toLowerCase(Locale.ROOT).contains(text.toLowerCase(Locale.ROOT)) : value.contains(text);
    }

    static String lower(String s) {
        return s == null ? null : s.toLowerCase(Locale.ROOT);
    }

    // ---------------------------------------------------------------- orders

    void verifyOrders(String when) {
        String at = " [" + when + "]";
        verifyCrud(at);
        verifyEqualityAndComparisons(at);
        verifyNullsAndText(at);
        verifyLimitsSortsAndPages(at);
        verifyScrolling(at);
        verifyProjectionsAndSingleResults(at);
    }

    void verifyCrud(String at) {
        List<Order> all = orderModel.all();
        checks.eq("findAll()" + at, orders::findAll, all);
        checks.eq("count()" + at, orders::count, (long) all.size());
        for (long id = 0; id <= ORDER_IDS + 1; id++) {
            long key = id;
            checks.eq("findById(" + id + ")" + at, () -> orders.findById(key), Optional.ofNullable(orderModel.get(key)));
            checks.eq("existsById(" + id + ")" + at, () -> orders.existsById(key), orderModel.contains(key));
        }
        List<Long> ids = List.of(7L, 3L, 59L, 1000L, 12L, 30L, 41L);
        checks.eq("findAllById(" + ids + ")" + at, () -> orders.findAllById(ids), where(o -> ids.contains(o.id())));
        Map<Sort, Comparator<Order>> sorts = new LinkedHashMap<>();
        sorts.put(Sort.by(Sort.Direction.DESC, "total"), desc(Order::total));
        sorts.put(Sort.by(Sort.Order.asc("status"), Sort.Order.desc("placed")),
                asc((Order o) -> o.status().name()).thenComparing(desc(Order::placed)));
        sorts.put(Sort.by("note", "id"), asc(Order::noteOrNull).thenComparing(asc(Order::id)));
        sorts.put(Sort.by(Sort.Order.desc("priority"), Sort.Order.asc("id")),
                desc(Order::priority).thenComparing(asc(Order::id)));
        sorts.put(Sort.by(Sort.Order.desc("priority").nullsLast(), Sort.Order.desc("id")),
                Comparator.comparing(Order::priority, Comparator.nullsLast(Comparator.<Integer>reverseOrder()))
                        .thenComparing(desc(Order::id)));
        sorts.put(Sort.by(Sort.Order.asc("customer").ignoreCase(), Sort.Order.asc("id")),
                Comparator.comparing(Order::customer, String.CASE_INSENSITIVE_ORDER).thenComparing(asc(Order::id)));
        sorts.put(Sort.by("paid"), asc(Order::paid));
        sorts.put(Sort.by("id"), asc(Order::id));
        sorts.forEach((sort, order) -> checks.eq("findAll(" + sort + ")" + at, () -> orders.findAll(sort),
                where(o -> true, order)));
        Sort byCustomer = Sort.by("customer", "id");
        List<Order> sorted = where(o -> true, asc(Order::customer).thenComparing(asc(Order::id)));
        for (int page = 0; page * 7 <= sorted.size(); page++) {
            int p = page;
            checks.page("findAll(page " + page + " of 7 by customer, id)" + at,
                    () -> orders.findAll(PageRequest.of(p, 7, byCustomer)), sorted, page, 7);
        }
        int beyond = all.size() / 5 + 2;
        checks.page("findAll(page " + beyond + " of 5, past the end)" + at, () -> orders.findAll(PageRequest.of(beyond, 5)),
                all, beyond, 5);
        checks.page("findAll(page 1 of 5, unsorted)" + at, () -> orders.findAll(PageRequest.of(1, 5)), all, 1, 5);
    }

    void verifyEqualityAndComparisons(String at) {
        for (String c : List.of(CUSTOMERS[0], CUSTOMERS[3], "nobody")) {
            checks.eq("findByCustomer(" + c + ")" + at, () -> orders.findByCustomer(c), where(o -> o.customer().equals(c)));
            checks.eq("findByCustomerIs(" + c + ")" + at, () -> orders.findByCustomerIs(c),
                    where(o -> o.customer().equals(c)));
            checks.eq("existsByCustomer(" + c + ")" + at, () -> orders.existsByCustomer(c),
                    !where(o -> o.customer().equals(c)).isEmpty());
        }
        for (Status s : Status.values()) {
            checks.eq("findByStatusEquals(" + s + ")" + at, () -> orders.findByStatusEquals(s),
                    where(o -> o.status() == s));
            checks.eq("countByStatus(" + s + ")" + at, () -> orders.countByStatus(s),
                    (long) where(o -> o.status() == s).size());
            checks.eq("findByStatusNot(" + s + ")" + at, () -> orders.findByStatusNot(s), where(o -> o.status() != s));
            checks.eq("findByStatusAndPaid(" + s + ", true)" + at, () -> orders.findByStatusAndPaid(s, true),
                    where(o -> o.status() == s && o.paid()));
            checks.eq("findByStatusOrPriority(" + s + ", 2)" + at, () -> orders.findByStatusOrPriority(s, 2),
                    where(o -> o.status() == s || Integer.valueOf(2).equals(o.priority())));
            checks.eq("findDistinctByStatus(" + s + ")" + at, () -> orders.findDistinctByStatus(s),
                    where(o -> o.status() == s));
        }
        checks.eq("findByCustomerAndStatusOrPaidAndPriority(Ann Smith, NEW, true, 3)" + at,
                () -> orders.findByCustomerAndStatusOrPaidAndPriority("Ann Smith", Status.NEW, true, 3),
                where(o -> (o.customer().equals("Ann Smith") && o.status() == Status.NEW)
                        || (o.paid() && Integer.valueOf(3).equals(o.priority()))));
        checks.eq("findByPriorityNot(3) (null cells never match)" + at, () -> orders.findByPriorityNot(3),
                where(o -> o.priority() != null && o.priority() != 3));
        for (BigDecimal t : List.of(new BigDecimal("250.00"), new BigDecimal("500"), new BigDecimal("0.00"))) {
            checks.eq("findByTotalLessThan(" + t + ")" + at, () -> orders.findByTotalLessThan(t),
                    where(o -> o.total().compareTo(t) < 0));
            checks.eq("findByTotalLessThanEqual(" + t + ")" + at, () -> orders.findByTotalLessThanEqual(t),
                    where(o -> o.total().compareTo(t) <= 0));
            checks.eq("findByTotalGreaterThan(" + t + ")" + at, () -> orders.findByTotalGreaterThan(t),
                    where(o -> o.total().compareTo(t) > 0));
            checks.eq("findByTotalGreaterThanEqual(" + t + ")" + at, () -> orders.findByTotalGreaterThanEqual(t),
                    where(o -> o.total().compareTo(t) >= 0));
            checks.eq("existsByStatusAndTotalGreaterThan(PAID, " + t + ")" + at,
                    () -> orders.existsByStatusAndTotalGreaterThan(Status.PAID, t),
                    !where(o -> o.status() == Status.PAID && o.total().compareTo(t) > 0).isEmpty());
        }
        // An existing total as the bound: Between is inclusive, and a differently scaled operand compares by value.
        BigDecimal some = orderModel.all().get(orderModel.size() / 2).total();
        BigDecimal high = some.add(new BigDecimal("200.5"));
        checks.eq("findByTotalBetween(" + some + ", " + high + ")" + at, () -> orders.findByTotalBetween(some, high),
                where(o -> o.total().compareTo(some) >= 0 && o.total().compareTo(high) <= 0));
        BigDecimal rescaled = some.setScale(4);
        checks.eq("findByTotalGreaterThanEqual(" + rescaled + ")" + at, () -> orders.findByTotalGreaterThanEqual(rescaled),
                where(o -> o.total().compareTo(some) >= 0));
        checks.eq("findByPriorityBetween(2, 4)" + at, () -> orders.findByPriorityBetween(2, 4),
                where(o -> o.priority() != null && o.priority() >= 2 && o.priority() <= 4));
        Instant placed = orderModel.all().get(orderModel.size() / 3).placed();
        Instant later = placed.plusSeconds(60L * 86_400);
        checks.eq("findByPlacedBefore(" + placed + ")" + at, () -> orders.findByPlacedBefore(placed),
                where(o -> o.placed().isBefore(placed)));
        checks.eq("findByPlacedAfter(" + placed + ")" + at, () -> orders.findByPlacedAfter(placed),
                where(o -> o.placed().isAfter(placed)));
        checks.eq("findByPlacedBetween(" + placed + ", " + later + ")" + at, () -> orders.findByPlacedBetween(placed, later),
                where(o -> !o.placed().isBefore(placed) && !o.placed().isAfter(later)));
        List<Status> some2 = List.of(Status.NEW, Status.SHIPPED);
        checks.eq("findByStatusIn(" + some2 + ")" + at, () -> orders.findByStatusIn(some2),
                where(o -> some2.contains(o.status())));
        checks.eq("findByStatusNotIn(" + some2 + ")" + at, () -> orders.findByStatusNotIn(some2),
                where(o -> !some2.contains(o.status())));
        checks.eq("findByStatusIn([])" + at, () -> orders.findByStatusIn(List.of()), List.of());
        checks.eq("findByStatusNotIn([])" + at, () -> orders.findByStatusNotIn(List.of()), orderModel.all());
        List<Integer> priorities = List.of(1, 5);
        checks.eq("findByPriorityIn(" + priorities + ")" + at, () -> orders.findByPriorityIn(priorities),
                where(o -> o.priority() != null && priorities.contains(o.priority())));
        checks.eq("findByPriorityNotIn(" + priorities + ") (null cells match)" + at,
                () -> orders.findByPriorityNotIn(priorities), where(o -> o.priority() == null || !priorities.contains(o.priority())));
        checks.eq("findByPaidTrue()" + at, orders::findByPaidTrue, where(Order::paid));
        checks.eq("findByPaidFalse()" + at, orders::findByPaidFalse, where(o -> !o.paid()));
    }

    void verifyNullsAndText(String at) {
        checks.eq("findByPriorityIsNull()" + at, orders::findByPriorityIsNull, where(o -> o.priority() == null));
        checks.eq("findByPriorityIsNotNull()" + at, orders::findByPriorityIsNotNull, where(o -> o.priority() != null));
        checks.eq("findByNoteIsNull() (Optional member)" + at, orders::findByNoteIsNull, where(o -> o.note().isEmpty()));
        checks.eq("findByNoteIsNotNull() (Optional member)" + at, orders::findByNoteIsNotNull,
                where(o -> o.note().isPresent()));
        checks.eq("findByShipToIsNull() (nested record)" + at, orders::findByShipToIsNull, where(o -> o.shipTo() == null));
        checks.eq("countByShipToIsNotNull() (nested record)" + at, orders::countByShipToIsNotNull,
                (long) where(o -> o.shipTo() != null).size());
        for (String p : List.of("Ann", "ann", "bob", "x")) {
            checks.eq("findByCustomerStartingWith(" + p + ")" + at, () -> orders.findByCustomerStartingWith(p),
                    where(o -> o.customer().startsWith(p)));
            checks.eq("findByCustomerStartingWithIgnoreCase(" + p + ")" + at,
                    () -> orders.findByCustomerStartingWithIgnoreCase(p),
                    where(o -> lower(o.customer()).startsWith(lower(p))));
        }
        for (String s : List.of("smith", "Smith", "NAIDOO", "Botha")) {
            checks.eq("findByCustomerEndingWith(" + s + ")" + at, () -> orders.findByCustomerEndingWith(s),
                    where(o -> o.customer().endsWith(s)));
            checks.eq("findByCustomerEndingWithIgnoreCase(" + s + ")" + at,
                    () -> orders.findByCustomerEndingWithIgnoreCase(s), where(o -> lower(o.customer()).endsWith(lower(s))));
        }
        for (String c : List.of("van", "MOKO", "mok", "a")) {
            checks.eq("findByCustomerContaining(" + c + ")" + at, () -> orders.findByCustomerContaining(c),
                    where(o -> like(o.customer(), c, false)));
            checks.eq("findByCustomerNotContaining(" + c + ")" + at, () -> orders.findByCustomerNotContaining(c),
                    where(o -> !like(o.customer(), c, false)));
            checks.eq("findByCustomerContainingIgnoreCase(" + c + ")" + at,
                    () -> orders.findByCustomerContainingIgnoreCase(c), where(o -> like(o.customer(), c, true)));
            checks.eq("findByCustomerNotContainingIgnoreCase(" + c + ")" + at,
                    () -> orders.findByCustomerNotContainingIgnoreCase(c), where(o -> !like(o.customer(), c, true)));
            checks.eq("countByCustomerContainingIgnoreCase(" + c + ")" + at,
                    () -> orders.countByCustomerContainingIgnoreCase(c), (long) where(o -> like(o.customer(), c, true)).size());
        }
        for (String c : List.of("ann smith", "BOB SMITH", "Thabo Ndlovu")) {
            checks.eq("findByCustomerIgnoreCase(" + c + ")" + at, () -> orders.findByCustomerIgnoreCase(c),
                    where(o -> o.customer().equalsIgnoreCase(c)));
            checks.eq("findByCustomerNotIgnoreCase(" + c + ")" + at, () -> orders.findByCustomerNotIgnoreCase(c),
                    where(o -> !o.customer().equalsIgnoreCase(c)));
            checks.eq("findByCustomerAndStatusAllIgnoreCase(" + c + ", PAID)" + at,
                    () -> orders.findByCustomerAndStatusAllIgnoreCase(c, Status.PAID),
                    where(o -> o.customer().equalsIgnoreCase(c) && o.status() == Status.PAID));
        }
        checks.eq("findByNoteStartingWith(leave) (Optional member)" + at, () -> orders.findByNoteStartingWith("leave"),
                where(o -> o.note().filter(n -> n.startsWith("leave")).isPresent()));
        checks.eq("findByNoteContainingIgnoreCase(FRAG) (Optional member)" + at,
                () -> orders.findByNoteContainingIgnoreCase("FRAG"),
                where(o -> o.note().filter(n -> like(n, "FRAG", true)).isPresent()));
        Map<String, Predicate<Order>> likes = new LinkedHashMap<>();
        likes.put("%smith%", o -> o.customer().contains("smith"));
        likes.put("Ann%", o -> o.customer().startsWith("Ann"));
        likes.put("Thabo Ndlovu", o -> o.customer().equals("Thabo Ndlovu"));
        likes.forEach((pattern, p) -> {
            checks.eq("findByCustomerLike(" + pattern + ")" + at, () -> orders.findByCustomerLike(pattern), where(p));
            checks.eq("findByCustomerNotLike(" + pattern + ")" + at, () -> orders.findByCustomerNotLike(pattern),
                    where(p.negate()));
        });
        checks.eq("findByCustomerLikeIgnoreCase(%SMITH%)" + at, () -> orders.findByCustomerLikeIgnoreCase("%SMITH%"),
                where(o -> like(o.customer(), "smith", true)));
        checks.eq("findByCustomerLikeIgnoreCase(ann%)" + at, () -> orders.findByCustomerLikeIgnoreCase("ann%"),
                where(o -> lower(o.customer()).startsWith("ann")));
    }

    void verifyLimitsSortsAndPages(String at) {
        for (Status s : Status.values()) {
            checks.eq("findTop3ByStatusOrderByTotalDescIdAsc(" + s + ")" + at,
                    () -> orders.findTop3ByStatusOrderByTotalDescIdAsc(s),
                    first(where(o -> o.status() == s, desc(Order::total).thenComparing(asc(Order::id))), 3));
        }
        checks.eq("findFirstByOrderByPlacedDesc()" + at, orders::findFirstByOrderByPlacedDesc,
                where(o -> true, desc(Order::placed)).stream().findFirst());
        for (boolean paid : List.of(true, false)) {
            checks.eq("findFirstByPaidOrderByTotalAscIdAsc(" + paid + ")" + at,
                    () -> orders.findFirstByPaidOrderByTotalAscIdAsc(paid),
                    where(o -> o.paid() == paid, asc(Order::total).thenComparing(asc(Order::id))).stream().findFirst()
                            .orElse(null));
        }
        checks.eq("findTop2ByOrderByPriorityDescIdDesc() (nulls first)" + at, orders::findTop2ByOrderByPriorityDescIdDesc,
                first(where(o -> true, desc(Order::priority).thenComparing(desc(Order::id))), 2));
        checks.eq("findFirst4ByPaidTrue()" + at, orders::findFirst4ByPaidTrue, first(where(Order::paid), 4));
        checks.eq("findDistinctByPaidTrue() (record projection)" + at, orders::findDistinctByPaidTrue,
                where(Order::paid).stream().map(o -> new OrderViews.CustomerName(o.customer())).distinct().toList());
        Sort byTotal = Sort.by(Sort.Order.desc("total"), Sort.Order.asc("id"));
        checks.eq("findByPaid(true, " + byTotal + ")" + at, () -> orders.findByPaid(true, byTotal),
                where(Order::paid, desc(Order::total).thenComparing(asc(Order::id))));
        Sort byNote = Sort.by(Sort.Order.asc("note"), Sort.Order.desc("placed"));
        checks.eq("findByPaid(false, " + byNote + ")" + at, () -> orders.findByPaid(false, byNote),
                where(o -> !o.paid(), asc(Order::noteOrNull).thenComparing(desc(Order::placed))));
        Sort byStatus = Sort.by("status");
        checks.eq("findByPaid(false, by status: ties in file order)" + at, () -> orders.findByPaid(false, byStatus),
                where(o -> !o.paid(), asc((Order o) -> o.status().name())));
        checks.eq("findByPriorityIsNotNullOrderByPriorityAscTotalDescIdAsc()" + at,
                orders::findByPriorityIsNotNullOrderByPriorityAscTotalDescIdAsc,
                where(o -> o.priority() != null, asc(Order::priority).thenComparing(desc(Order::total))
                        .thenComparing(asc(Order::id))));
        checks.eq("findByStatusNotOrderByStatusAscPlacedDesc(PAID)" + at,
                () -> orders.findByStatusNotOrderByStatusAscPlacedDesc(Status.PAID),
                where(o -> o.status() != Status.PAID, asc((Order o) -> o.status().name()).thenComparing(desc(Order::placed))));
        List<Status> statuses = List.of(Status.NEW, Status.PAID, Status.CANCELLED);
        List<Order> inStatuses = where(o -> statuses.contains(o.status()), asc(Order::priority).thenComparing(asc(Order::id)));
        for (int page = 0; page < 3; page++) {
            int p = page;
            checks.page("findByStatusIn(" + statuses + ", page " + page + " of 4 by priority, id)" + at,
                    () -> orders.findByStatusIn(statuses, PageRequest.of(p, 4, Sort.by("priority", "id"))), inStatuses,
                    page, 4);
        }
        List<Order> unpaid = where(o -> !o.paid());
        checks.slice("findByPaidFalse(slice 0 of 5)" + at, () -> orders.findByPaidFalse(PageRequest.of(0, 5)), unpaid, 0, 5);
        checks.slice("findByPaidFalse(slice 1 of 5)" + at, () -> orders.findByPaidFalse(PageRequest.of(1, 5)), unpaid, 1, 5);
        List<Order> unpaidByPlaced = where(o -> !o.paid(), desc(Order::placed));
        int lastSlice = Math.max(0, (unpaidByPlaced.size() - 1) / 6);
        checks.slice("findByPaidFalse(last slice of 6 by placed desc)" + at,
                () -> orders.findByPaidFalse(PageRequest.of(lastSlice, 6, Sort.by(Sort.Direction.DESC, "placed"))),
                unpaidByPlaced, lastSlice, 6);
        checks.eq("findByPaid(true, Limit 3)" + at, () -> orders.findByPaid(true, Limit.of(3)), first(where(Order::paid), 3));
        checks.eq("findByPaid(true, Limit unlimited)" + at, () -> orders.findByPaid(true, Limit.unlimited()), where(Order::paid));
        checks.eq("findByStatusNotOrderByTotalDesc(NEW, Limit 4)" + at,
                () -> orders.findByStatusNotOrderByTotalDesc(Status.NEW, Limit.of(4)),
                first(where(o -> o.status() != Status.NEW, desc(Order::total)), 4));
        checks.eq("findTop5ByPaidOrderByIdAsc(false, Limit 2) (the smaller wins)" + at,
                () -> orders.findTop5ByPaidOrderByIdAsc(false, Limit.of(2)),
                first(where(o -> !o.paid(), asc(Order::id)), 2));
        checks.eq("findTop5ByPaidOrderByIdAsc(false, Limit 9) (the smaller wins)" + at,
                () -> orders.findTop5ByPaidOrderByIdAsc(false, Limit.of(9)),
                first(where(o -> !o.paid(), asc(Order::id)), 5));
        checks.stream("streamByStatusOrderByIdAsc(SHIPPED)" + at, () -> orders.streamByStatusOrderByIdAsc(Status.SHIPPED),
                where(o -> o.status() == Status.SHIPPED, asc(Order::id)));
        checks.stream("streamByPaid(true)" + at, () -> orders.streamByPaid(true), where(Order::paid));
    }

    void verifyScrolling(String at) {
        for (ScrollPosition start : List.of(ScrollPosition.offset(), ScrollPosition.keyset())) {
            String kind = start.getClass().getSimpleName();
            for (boolean paid : List.of(true, false)) {
                checks.scroll("findFirst4ByPaidOrderByTotalAsc(" + paid + ", " + kind + ")" + at,
                        pos -> orders.findFirst4ByPaidOrderByTotalAsc(paid, pos), start,
                        where(o -> o.paid() == paid, asc(Order::total).thenComparing(asc(Order::id))), 4);
            }
            checks.scroll("findFirst3ByStatusNotOrderByStatusAscPlacedDesc(CANCELLED, " + kind + ")" + at,
                    pos -> orders.findFirst3ByStatusNotOrderByStatusAscPlacedDesc(Status.CANCELLED, pos), start,
                    where(o -> o.status() != Status.CANCELLED, asc((Order o) -> o.status().name())
                            .thenComparing(desc(Order::placed)).thenComparing(asc(Order::id))), 3);
            // Keyset scrolling adds the id to the order (keys must be unique); offsets keep ties in file order.
            Comparator<Order> byNote = start instanceof KeysetScrollPosition
                    ? asc(Order::noteOrNull).thenComparing(asc(Order::id)) : asc(Order::noteOrNull);
            checks.scroll("findFirst3ByNoteIsNotNullOrderByNoteAsc(" + kind + ") (Optional sort key)" + at,
                    orders::findFirst3ByNoteIsNotNullOrderByNoteAsc, start, where(o -> o.note().isPresent(), byNote), 3);
            BigDecimal over = new BigDecimal("300.00");
            checks.scroll("findFirst5ByTotalGreaterThanOrderByPlacedAsc(300.00, " + kind + ") (interface projection)" + at,
                    pos -> summaries(orders.findFirst5ByTotalGreaterThanOrderByPlacedAsc(over, pos)), start,
                    summaries(where(o -> o.total().compareTo(over) > 0, asc(Order::placed).thenComparing(asc(Order::id)))), 5);
        }
    }

    void verifyProjectionsAndSingleResults(String at) {
        checks.eq("findSummariesByPaidOrderByIdAsc(true) (interface projection)" + at,
                () -> summaries(orders.findSummariesByPaidOrderByIdAsc(true)), summaries(where(Order::paid, asc(Order::id))));
        checks.eq("findNotesByStatusOrderByIdAsc(NEW) (interface projection: Optional, nullable)" + at,
                () -> orders.findNotesByStatusOrderByIdAsc(Status.NEW).stream()
                        .map(v -> List.of(v.getId(), String.valueOf(v.getNote()), String.valueOf(v.getPriority()))).toList(),
                where(o -> o.status() == Status.NEW, asc(Order::id)).stream()
                        .map(o -> List.of(o.id(), String.valueOf(o.note()), String.valueOf(o.priority()))).toList());
        checks.eq("findContentViewsByPaidOrderByIdAsc(true) (interface projection: list, set, map, nested record)" + at,
                () -> orders.findContentViewsByPaidOrderByIdAsc(true).stream().map(v -> List.of(v.getId(), v.getTags(),
                        v.getLabels(), v.getQuantities(), String.valueOf(v.getShipTo()))).toList(),
                where(Order::paid, asc(Order::id)).stream().map(o -> List.of(o.id(), o.tags(), o.labels(), o.quantities(),
                        String.valueOf(o.shipTo()))).toList());
        BigDecimal over = new BigDecimal("600");
        checks.eq("findTotalsByTotalGreaterThanOrderByTotalAscIdAsc(600) (record projection)" + at,
                () -> orders.findTotalsByTotalGreaterThanOrderByTotalAscIdAsc(over),
                where(o -> o.total().compareTo(over) > 0, asc(Order::total).thenComparing(asc(Order::id))).stream()
                        .map(o -> new OrderViews.Totals(o.id(), o.status(), o.total())).toList());
        for (Status s : List.of(Status.PAID, Status.SHIPPED)) {
            checks.eq("findContentsByStatusOrderByIdAsc(" + s + ") (record projection: list, nested record)" + at,
                    () -> orders.findContentsByStatusOrderByIdAsc(s),
                    where(o -> o.status() == s, asc(Order::id)).stream()
                            .map(o -> new OrderViews.Contents(o.id(), o.tags(), o.shipTo())).toList());
        }
        checks.eq("findCustomerTotalsByPaidTrueOrderByIdAsc() (DTO class)" + at,
                orders::findCustomerTotalsByPaidTrueOrderByIdAsc, where(Order::paid, asc(Order::id)).stream()
                        .map(o -> new OrderViews.CustomerTotal(o.customer(), o.total())).toList());
        List<Order> middle = where(o -> o.id() >= 10 && o.id() <= 30, asc(Order::id));
        checks.eq("findByIdBetweenOrderByIdAsc(10, 30, Order.class) (dynamic: entity)" + at,
                () -> orders.findByIdBetweenOrderByIdAsc(10, 30, Order.class), middle);
        checks.eq("findByIdBetweenOrderByIdAsc(10, 30, Totals.class) (dynamic: record)" + at,
                () -> orders.findByIdBetweenOrderByIdAsc(10, 30, OrderViews.Totals.class),
                middle.stream().map(o -> new OrderViews.Totals(o.id(), o.status(), o.total())).toList());
        checks.eq("findByIdBetweenOrderByIdAsc(10, 30, Summary.class) (dynamic: interface)" + at,
                () -> summaries(orders.findByIdBetweenOrderByIdAsc(10, 30, OrderViews.Summary.class)), summaries(middle));
        List<Order> paidByTotal = where(Order::paid, desc(Order::total).thenComparing(asc(Order::id)));
        checks.page("findTotalsByPaid(true, page 1 of 3 by total desc, id) (record projection page)" + at,
                () -> orders.findTotalsByPaid(true, PageRequest.of(1, 3, Sort.by(Sort.Order.desc("total"),
                        Sort.Order.asc("id")))),
                paidByTotal.stream().map(o -> new OrderViews.Totals(o.id(), o.status(), o.total())).toList(), 1, 3);
        for (long id : List.of(orderModel.ids().get(0), existingIdNoRandom(), 1000L)) {
            Order o = orderModel.get(id);
            Status s = o == null ? Status.NEW : o.status();
            boolean paid = o != null && o.paid();
            checks.eq("findByIdAndStatus(" + id + ", " + s + ") (Optional)" + at, () -> orders.findByIdAndStatus(id, s),
                    Optional.ofNullable(o));
            checks.eq("findByIdAndStatus(" + id + ", other status) (Optional, empty)" + at,
                    () -> orders.findByIdAndStatus(id, s == Status.NEW ? Status.PAID : Status.NEW), Optional.empty());
            checks.eq("findByIdAndPaid(" + id + ", " + paid + ") (entity)" + at, () -> orders.findByIdAndPaid(id, paid), o);
            checks.eq("findByIdAndPaid(" + id + ", " + !paid + ") (entity, null)" + at,
                    () -> orders.findByIdAndPaid(id, !paid), null);
            checks.eq("findSummaryById(" + id + ") (Optional interface projection)" + at,
                    () -> orders.findSummaryById(id).map(OracleRepositoryTests::summary),
                    Optional.ofNullable(o).map(OracleRepositoryTests::summary));
        }
    }

    /** The id of the last stored order (no draw from the random sequence, so checks do not shift it). */
    long existingIdNoRandom() {
        List<Long> ids = orderModel.ids();
        return ids.get(ids.size() - 1);
    }

    static List<Object> summary(Object value) {
        if (value instanceof Order o) {
            return List.of(o.id(), o.customer(), o.status(), o.total(), o.placed());
        }
        OrderViews.Summary s = (OrderViews.Summary) value;
        return List.of(s.getId(), s.getCustomer(), s.getStatus(), s.getTotal(), s.getPlaced());
    }

    static List<List<Object>> summaries(Collection<?> values) {
        return values.stream().map(OracleRepositoryTests::summary).toList();
    }

    /** A window of projections as comparable values (the proxies have no equals). */
    static Window<List<Object>> summaries(Window<OrderViews.Summary> window) {
        return window.map(OracleRepositoryTests::summary);
    }

    // ---------------------------------------------------------------- clients

    void verifyClients() {
        List<Client> all = clientModel.all();
        checks.eq("clients findAll() (id order)", clients::findAll, all);
        checks.eq("clients count()", clients::count, (long) all.size());
        for (long id = 0; id <= 41; id++) {
            long key = id;
            checks.eq("clients findById(" + id + ")", () -> clients.findById(key),
                    Optional.ofNullable(clientModel.get(key)));
            checks.eq("clients existsById(" + id + ")", () -> clients.existsById(key), clientModel.contains(key));
        }
        List<Long> ids = List.of(30L, 1L, 17L, 99L);
        checks.eq("clients findAllById(" + ids + ")", () -> clients.findAllById(ids),
                clientModel.where(c -> ids.contains(c.id())));
        checks.eq("clients findAll(by age desc, id)", () -> clients.findAll(Sort.by(Sort.Order.desc("age"),
                Sort.Order.asc("id"))), sorted(all, Comparator.comparingInt(Client::age).reversed()
                .thenComparingLong(Client::id)));
        checks.page("clients findAll(page 1 of 3 by id)", () -> clients.findAll(PageRequest.of(1, 3, Sort.by("id"))),
                all, 1, 3);
        for (String country : COUNTRIES) {
            List<Client> expected = sorted(clientModel.where(c -> c.country().equals(country) && c.age() >= 20
                    && c.age() <= 50), Comparator.comparingDouble(Client::score).thenComparingLong(Client::id));
            checks.page("clients findByCountryAndAgeBetween(" + country + ", 20, 50, page 0 of 2 by score, id)",
                    () -> clients.findByCountryAndAgeBetween(country, 20, 50, PageRequest.of(0, 2,
                            Sort.by("score", "id"))), expected, 0, 2);
        }
        checks.eq("clients findByCountryInOrAgeGreaterThan([ZA, BW], 50)",
                () -> clients.findByCountryInOrAgeGreaterThan(List.of("ZA", "BW"), 50),
                clientModel.where(c -> List.of("ZA", "BW").contains(c.country()) || c.age() > 50));
        checks.eq("clients countByVipTrue()", clients::countByVipTrue, (long) clientModel.where(Client::vip).size());
        checks.eq("clients countByVipFalse()", clients::countByVipFalse, (long) clientModel.where(c -> !c.vip()).size());
        checks.eq("clients findByEmailIsNull()", clients::findByEmailIsNull, clientModel.where(c -> c.email() == null));
        for (Client c : first(clientModel.where(c -> c.email() != null), 2)) {
            checks.eq("clients existsByEmail(" + c.email() + ")", () -> clients.existsByEmail(c.email()), true);
            checks.eq("clients findByEmail(" + c.email() + ")", () -> clients.findByEmail(c.email()), Optional.of(c));
        }
        checks.eq("clients existsByEmail(nobody)", () -> clients.existsByEmail("nobody@example.com"), false);
        checks.stream("clients streamByAgeGreaterThanEqual(40)", () -> clients.streamByAgeGreaterThanEqual(40),
                clientModel.where(c -> c.age() >= 40));
        checks.eq("clients findByNameStartingWithIgnoreCaseOrderByAgeDescIdAsc(ANN)",
                () -> clients.findByNameStartingWithIgnoreCaseOrderByAgeDescIdAsc("ANN"),
                sorted(clientModel.where(c -> lower(c.name()).startsWith("ann")),
                        Comparator.comparingInt(Client::age).reversed().thenComparingLong(Client::id)));
        Instant at = BASE.plusSeconds(300_000);
        checks.eq("clients findByJoinedAfterAndScoreLessThan(" + at + ", 60.0)",
                () -> clients.findByJoinedAfterAndScoreLessThan(at, 60.0),
                clientModel.where(c -> c.joined().isAfter(at) && c.score() < 60.0));
        for (ScrollPosition start : List.of(ScrollPosition.offset(), ScrollPosition.keyset())) {
            for (boolean vip : List.of(true, false)) {
                checks.scroll("clients findFirst4ByVipOrderByScoreDesc(" + vip + ", " + start.getClass().getSimpleName() + ")",
                        pos -> clients.findFirst4ByVipOrderByScoreDesc(vip, pos), start,
                        sorted(clientModel.where(c -> c.vip() == vip),
                                Comparator.comparingDouble(Client::score).reversed().thenComparingLong(Client::id)), 4);
            }
        }
    }

    static <T> List<T> sorted(List<T> list, Comparator<T> order) {
        List<T> out = new ArrayList<>(list);
        out.sort(order);
        return out;
    }
}
