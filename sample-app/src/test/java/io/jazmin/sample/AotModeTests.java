package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.jazmin.testing.ChildJvm;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sample processed ahead of time (the build runs {@code spring-boot:process-aot} before the
 * tests) and started in AOT mode ({@code -Dspring.aot.enabled=true}) in a JVM of its own: its
 * repository, derived queries, web support, error mapping and actuator answer as in the ordinary
 * start that {@link SampleApplicationTests} checks.
 */
class AotModeTests {
    private static final int CUSTOMERS = 2_000;

    @TempDir
    static Path dir;

    private static Process application;
    private static Path output;
    private static RestClient client;

    @BeforeAll
    static void startInAotMode() throws Exception {
        int port = freePort();
        output = dir.resolve("application.log");
        application = new ProcessBuilder(ChildJvm.command(List.of("-Dspring.aot.enabled=true", "-XX:TieredStopAtLevel=1"),
                SampleApplication.class, "--server.port=" + port, "--sample.data-dir=" + dir,
                "--sample.customers.count=" + CUSTOMERS))
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        client = RestClient.create("http://localhost:" + port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!answers()) {
            assertThat(application.isAlive()).as("the AOT-mode application stopped: " + log()).isTrue();
            assertThat(System.nanoTime()).as("the AOT-mode application did not start: " + log()).isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (application != null) {
            application.destroy();
            application.waitFor(30, TimeUnit.SECONDS);
            application.destroyForcibly();
        }
    }

    @Test
    void theNativeImageMetadataHoldsTheEntitiesAndTheConsolesFiles() throws IOException {
        // Written by spring-boot:process-aot (process-classes), which this application runs from.
        Path metadata = Path.of("target/spring-aot/main/resources/META-INF/native-image/io.jazmin/sample-app/"
                + "reachability-metadata.json");
        JsonNode root = JsonMapper.builder().build().readTree(Files.readString(metadata));
        // A proxy's entry names its interfaces in an object instead of a type name.
        List<String> types = root.path("reflection").valueStream().map(e -> e.path("type"))
                .filter(JsonNode::isString).map(JsonNode::asString).toList();
        List<String> resources = root.path("resources").valueStream().map(e -> e.path("glob"))
                .filter(JsonNode::isString).map(JsonNode::asString).toList();
        assertThat(types).contains(Customer.class.getName(), CustomerRepository.class.getName());
        assertThat(resources).contains("io/jazmin/viewer/ui/*");
    }

    @Test
    void startsFromTheAheadOfTimeProcessedContext() throws IOException {
        assertThat(log()).contains("Starting AOT-processed SampleApplication");
    }

    @Test
    void answersTheSampleEndpoints() {
        Map<String, Object> customer = client.get().uri("/customers/1460").retrieve()
                .body(new ParameterizedTypeReference<>() { });
        assertThat(customer).containsEntry("id", 1460).containsEntry("name", CustomerGenerator.customer(1460).name());

        long na = CustomerGenerator.customers(CUSTOMERS).filter(c -> c.country().equals("NA")).count();
        assertThat(client.get().uri("/customers/count?country=NA").retrieve().body(Map.class))
                .containsEntry("count", (int) na);

        Map<String, Object> page = client.get().uri("/customers?country=NA&minAge=30&maxAge=40&page=0&size=3"
                + "&sort=balance,desc").retrieve().body(new ParameterizedTypeReference<>() { });
        List<Object> ids = ((List<?>) page.get("content")).stream().map(c -> (Object) ((Map<?, ?>) c).get("id"))
                .toList();
        assertThat(ids).isEqualTo(CustomerGenerator.customers(CUSTOMERS)
                .filter(c -> c.country().equals("NA") && c.age() >= 30 && c.age() <= 40)
                .sorted((a, b) -> Double.compare(b.balance(), a.balance())).limit(3)
                .map(c -> (Object) (int) c.id()).toList());

        List<Map<String, Object>> found = client.get().uri("/customers/name-contains?name=Ndlovu").retrieve()
                .body(new ParameterizedTypeReference<>() { });
        assertThat(found).isNotEmpty().allSatisfy(c -> assertThat((String) c.get("name")).contains("Ndlovu"));
    }

    @Test
    void mapsAnUnknownSortPropertyToABadRequest() {
        int status = client.get().uri("/customers?country=NA&sort=nosuch").exchange((request, response) ->
                response.getStatusCode().value());
        assertThat(status).isEqualTo(400);
    }

    @Test
    void reportsFileHealthWithoutTheKey() {
        String health = client.get().uri("/actuator/health").retrieve().body(String.class);
        assertThat(health).contains("\"rows\":" + CUSTOMERS).doesNotContain("jzk1-");
    }

    /**
     * Whether the application answers, has written its customers (it seeds them once started) and is
     * ready: readiness turns UP only once the seeding finished, a moment after the last row is
     * countable, and health answers 503 until then.
     */
    private static boolean answers() {
        try {
            return Integer.valueOf(CUSTOMERS).equals(client.get().uri("/customers/count").retrieve().body(Map.class)
                    .get("count"))
                    && client.get().uri("/actuator/health").exchange((request, response) ->
                            response.getStatusCode().value()) == 200;
        } catch (RestClientException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static String log() throws IOException {
        return Files.readString(output);
    }
}
