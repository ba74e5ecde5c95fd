-- tests/eventlog-ref/mkticky.hs - eventlogs with ticky counter samples,
-- larger than the one real log at hand, written by the ghc-events library
-- (writeEventLogToFile) so that its encoding, not ours, is the reference.
--
-- Writes, into the directory given:
--   ticky-synth.eventlog    40 counters, 150 samples each opened by
--                           TICKY_COUNTER_BEGIN_SAMPLE; irregular intervals,
--                           values up to 2^40, a few counters sampled
--                           before their definition, zero counts
--   ticky-nobegin.eventlog  the same without TICKY_COUNTER_BEGIN_SAMPLE
--                           (as GHC 9.1's RTS wrote them)
--
-- ghc-events 0.17.0.3 writes TICKY_COUNTER_DEF wrongly (no payload
-- length, strings with a length prefix instead of a NUL), so that its
-- own reader stops there.  The definitions are therefore encoded here,
-- as GHC's RTS writes them, and put into the data outside any block:
-- the early ones right after "datb", the late ones before the end
-- marker.  Everything else is ghc-events' encoding.
-- The values come from a fixed linear congruential generator, so the
-- files are the same on every run.  Usage: mkticky DIR
import Data.Binary.Put
import Data.Bits (shiftR)
import qualified Data.ByteString as B
import qualified Data.ByteString.Lazy as L
import qualified Data.Text as T
import qualified Data.Text.Encoding as TE
import Data.Word (Word64)
import GHC.RTS.Events
import System.Environment (getArgs)

lcg :: Word64 -> Word64
lcg x = x * 6364136223846793005 + 1442695040888963407

rands :: Word64 -> [Word64]
rands = map (`shiftR` 24) . tail . iterate lcg

counters :: Int
counters = 40

samples :: Int
samples = 150

cid :: Int -> Word64
cid k = 0x7f0000001000 + fromIntegral k * 104

ctrName :: Int -> T.Text
ctrName k = T.pack $ case k `mod` 4 of
  0 -> "Main.f" ++ show k ++ "{v r" ++ show k ++ "x} (fun)"
  1 -> "go" ++ show k ++ "{v s" ++ show k ++ "q} (Data.Thing) (fun) in r2Hj"
  2 -> "sat_s" ++ show k ++ "{v} (Main) (thk) in s2T4"
  _ -> "$wloop" ++ show k ++ "{v rk" ++ show k ++ "} (Lib.Inner) (fun,se)"

-- TICKY_COUNTER_DEF as GHC 9.1's RTS writes it: u16 type, u64 time, u16
-- length, u64 id, u16 arity, kinds NUL, name NUL.  (Later RTSs add an
-- info table and a JSON string, which ghc-events 0.17 does not read;
-- test_eventlog_prof.c builds those by hand.)
def :: Word64 -> Int -> L.ByteString
def t k = runPut $ do
  putWord16be 210
  putWord64be t
  putWord16be (fromIntegral (B.length payload))
  putByteString payload
  where
    kinds = B.pack (map (fromIntegral . fromEnum) (take (k `mod` 3) "iLS"))
    payload = L.toStrict . runPut $ do
      putWord64be (cid k)
      putWord16be (fromIntegral (k `mod` 3))
      putByteString kinds >> putWord8 0
      putByteString (TE.encodeUtf8 (ctrName k)) >> putWord8 0

-- Sample times: 10 ms apart with up to 4 ms of jitter, from 12 ms.
times :: [Word64]
times = scanl1 (+) [10000000 + r `mod` 4000000 | r <- take samples (rands 7)]

lateDef :: Int -> Bool
lateDef k = k `mod` 13 == 5     -- defined after its first sample

build :: Bool -> [Event]
build begin = concat (zipWith sampleAt [0 ..] times)
  where
    vals = rands 42
    sampleAt :: Int -> Word64 -> [Event]
    sampleAt i t =
      [Event t TickyBeginSample (Just 0) | begin]
        ++ [ Event (t + fromIntegral j) (TickyCounterSample (cid k) n a d) (Just 0)
           | (j, k) <- zip [1 ..] active
           , let base = drop (4 * (i * counters + k)) vals
                 n = head base `mod` 100000
                 a = if k == 7 then (base !! 1) `mod` (2 ^ 40) else ((base !! 1) `mod` 50000) * 8
                 d = if k `mod` 5 == 0 then 0 else ((base !! 2) `mod` 30000) * 8
           ]
      where
        -- not every counter in every sample (GHC leaves out the idle ones)
        active = [k | k <- [0 .. counters - 1], (i + k) `mod` 7 /= 3]

types :: [EventType]
types =
  [ EventType 18 (T.pack "Block marker") (Just 14)
  , EventType 210 (T.pack "Ticky-ticky entry counter definition") Nothing
  , EventType 211 (T.pack "Ticky-ticky entry counter sample") (Just 32)
  , EventType 212 (T.pack "Ticky-ticky entry counter begin sample") (Just 0)
  ]

main :: IO ()
main = do
  [dir] <- getArgs
  let early = mconcat [def 1000 k | k <- [0 .. counters - 1], not (lateDef k)]
      late = mconcat [def (last times + 1000) k | k <- [0 .. counters - 1], lateDef k]
      write f begin ts = do
        let bytes = L.toStrict (serialiseEventLog (EventLog (Header ts) (Data (build begin))))
            (hdr, rest) = B.breakSubstring (B.pack [100, 97, 116, 98]) bytes
            body = B.take (B.length rest - 6) (B.drop 4 rest)
        B.writeFile (dir ++ "/" ++ f) $ B.concat
          [hdr, B.pack [100, 97, 116, 98], L.toStrict early, body,
           L.toStrict late, B.pack [255, 255]]
  write "ticky-synth.eventlog" True types
  write "ticky-nobegin.eventlog" False (take 3 types)
