-- | Phase 6: twenty-four producers, each its own cost centre (with
-- -fprof-auto) and each making a different kind of structure, all alive
-- at the same time. This is what pushes the -hc, -hd and -hy profiles past
-- hp2ps's 20-band limit. Sizes differ per producer so that band totals do
-- not tie.
module Leak.Zoo (Item, zoo, weigh) where

import qualified Data.ByteString.Char8 as B
import qualified Data.ByteString.Lazy.Char8 as BL
import Data.Array (Array, listArray, elems)
import Data.Array.Unboxed (UArray)
import qualified Data.Array.Unboxed as U
import qualified Data.IntMap.Strict as IntMap
import qualified Data.IntSet as IntSet
import qualified Data.Map.Strict as Map
import qualified Data.Sequence as Seq
import qualified Data.Set as Set
import qualified Data.Text as T
import Data.Tree (Tree, unfoldTree)
import Data.Char (ord, chr)

data Rec = Rec { recId :: Int, recName :: String, recScore :: Double }

data Item
  = Ints [Int]
  | Doubles [Double]
  | Chars String
  | Pairs [(Int, Int)]
  | Maybes [Maybe Int]
  | Eithers [Either Int Bool]
  | ASet (Set.Set Int)
  | AnIntMap (IntMap.IntMap [Int])
  | AnIntSet IntSet.IntSet
  | ASeq (Seq.Seq Int)
  | ATree (Tree Int)
  | AText T.Text
  | ABytes B.ByteString
  | ALazyBytes BL.ByteString
  | AnArray (Array Int Int)
  | AnUArray (UArray Int Int)
  | Nested [[Int]]
  | Triples [(Int, Char, Bool)]
  | Records [Rec]
  | AStrMap (Map.Map String Int)
  | Shown [String]
  | Integers [Integer]
  | Bools [Bool]
  | Words [Word]

-- | Fully traverse an item (which forces it) and fold it to a number.
weigh :: Int -> Item -> Int
weigh salt item = salt + case item of
  Ints xs -> sum xs
  Doubles xs -> truncate (sum xs)
  Chars s -> sum (map ord s)
  Pairs ps -> sum [a + b | (a, b) <- ps]
  Maybes ms -> sum [maybe 1 id m | m <- ms]
  Eithers es -> sum [either id fromEnum e | e <- es]
  ASet s -> Set.foldl' (+) 0 s
  AnIntMap m -> IntMap.foldl' (\a v -> a + sum v) 0 m
  AnIntSet s -> IntSet.foldl' (+) 0 s
  ASeq s -> sum s
  ATree t -> sum t
  AText t -> T.length t + T.count (T.pack "7") t
  ABytes b -> B.length b + B.count '7' b
  ALazyBytes b -> fromIntegral (BL.length b + BL.count '3' b)
  AnArray a -> sum (elems a)
  AnUArray a -> sum (U.elems a)
  Nested xss -> sum (map sum xss)
  Triples ts -> sum [a + ord c + fromEnum b | (a, c, b) <- ts]
  Records rs -> sum [recId r + length (recName r) + truncate (recScore r) | r <- rs]
  AStrMap m -> Map.foldlWithKey' (\a k v -> a + length k + v) 0 m
  Shown ss -> sum (map length ss)
  Integers is -> fromIntegral (sum is `mod` 1000003)
  Bools bs -> length (filter id bs)
  Words ws -> fromIntegral (sum ws)

zooInts, zooDoubles, zooChars, zooPairs, zooMaybes, zooEithers, zooSet,
  zooIntMap, zooIntSet, zooSeq, zooTree, zooText, zooBytes, zooLazyBytes,
  zooArray, zooUArray, zooNested, zooTriples, zooRecords, zooStrMap,
  zooShown, zooIntegers, zooBools, zooWords :: Int -> Item
zooInts k = Ints [1 .. k]
zooDoubles k = Doubles [fromIntegral i / 3 | i <- [1 .. k]]
zooChars k = Chars [chr (97 + i `mod` 26) | i <- [1 .. k]]
zooPairs k = Pairs [(i, i * 2) | i <- [1 .. k]]
zooMaybes k = Maybes [if even i then Just i else Nothing | i <- [1 .. k]]
zooEithers k = Eithers [if i `mod` 3 == 0 then Left i else Right (odd i) | i <- [1 .. k]]
zooSet k = ASet (Set.fromList [i * 3 | i <- [1 .. k]])
zooIntMap k = AnIntMap (IntMap.fromList [(i, [i]) | i <- [1 .. k]])
zooIntSet k = AnIntSet (IntSet.fromList [i * 5 | i <- [1 .. k]])
zooSeq k = ASeq (Seq.fromList [1 .. k])
zooTree k = ATree (unfoldTree (\i -> (i, [c | c <- [2 * i, 2 * i + 1], c <= k])) 1)
zooText k = AText (T.pack (concatMap show [1 .. k]))
zooBytes k = ABytes (B.pack (concatMap show [1 .. k]))
zooLazyBytes k = ALazyBytes (BL.pack (concatMap show [1 .. k]))
zooArray k = AnArray (listArray (0, k - 1) [i * i | i <- [0 .. k - 1]])
zooUArray k = AnUArray (U.listArray (0, k - 1) [i * 7 | i <- [0 .. k - 1]])
zooNested k = Nested [[i .. i + 3] | i <- [1 .. k `div` 4]]
zooTriples k = Triples [(i, chr (65 + i `mod` 26), odd i) | i <- [1 .. k]]
zooRecords k = Records [Rec i ("r" ++ show i) (fromIntegral i * 1.5) | i <- [1 .. k `div` 2]]
zooStrMap k = AStrMap (Map.fromList [(show i, i) | i <- [1 .. k `div` 2]])
zooShown k = Shown [show i | i <- [1 .. k]]
zooIntegers k = Integers [fromIntegral i * 1000000007 | i <- [1 .. k]]
zooBools k = Bools [i `mod` 7 == 0 | i <- [1 .. k]]
zooWords k = Words [fromIntegral i | i <- [1 .. k]]

-- | All producers, the i-th one sized (i + 3) * n / 16 so no two totals tie.
zoo :: Int -> [Item]
zoo n = zipWith (\i f -> f ((i + 3) * n `div` 16)) [1 ..] producers
  where
    producers =
      [ zooInts, zooDoubles, zooChars, zooPairs, zooMaybes, zooEithers
      , zooSet, zooIntMap, zooIntSet, zooSeq, zooTree, zooText, zooBytes
      , zooLazyBytes, zooArray, zooUArray, zooNested, zooTriples
      , zooRecords, zooStrMap, zooShown, zooIntegers, zooBools, zooWords ]
